// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
  namespace App {
    interface Error {
      message: string;
      /** The page's code or messages did not arrive (src/hooks.client.ts). */
      load?: boolean;
    }
  }
}

export {};
