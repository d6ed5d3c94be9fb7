export const prerender = true;
export const ssr = true;
