// The web app manifest, one per language (manifest.es.webmanifest …), written at
// build time; the page's <link rel="manifest"> follows its language (app.html's
// boot script, then setLocale).
import { error } from '@sveltejs/kit';
import * as en from '$lib/ui/i18n/generated/site/messages/en.js';
import * as es from '$lib/ui/i18n/generated/site/messages/es.js';
import * as fr from '$lib/ui/i18n/generated/site/messages/fr.js';
import { isLocale, LOCALES, type Locale } from '$lib/ui/i18n/locale.svelte';
import type { EntryGenerator, RequestHandler } from './$types';

export const prerender = true;

export const entries: EntryGenerator = () => LOCALES.map((lang) => ({ lang }));

const SITE: Readonly<Record<Locale, typeof en>> = { en, es, fr };

export const GET: RequestHandler = ({ params }) => {
  if (!isLocale(params.lang)) error(404, 'No such language');
  const site = SITE[params.lang];
  const manifest = {
    name: site.manifest_name({}),
    short_name: 'Trainyard',
    description: site.manifest_description({}),
    lang: params.lang,
    id: './',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#fbf7ec',
    theme_color: '#245a41',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json' },
  });
};
