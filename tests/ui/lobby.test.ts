// The online lobby's state (LobbyController) without a browser: what a page
// opened with `?join=` shows, a pasted link that is no invite, and the
// choice between a server and none.
import { beforeAll, describe, expect, it } from 'vitest';
import { LobbyController, type LobbyPage } from '$lib/ui/online/lobby.svelte';
import { pastedInvite } from '$lib/ui/online/links';
import { netSettings } from '$lib/ui/online/net-settings.svelte';
import { load as loadGame } from '$lib/ui/i18n/game';
import { load as loadOnline } from '$lib/ui/i18n/online';
import { current } from '$lib/ui/i18n/locale.svelte';

// The table's words in English unless a test says otherwise.
beforeAll(() => Promise.all([loadGame('en'), loadOnline('en')]));

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}

function lobby(): { lobby: LobbyController; went: string[] } {
  const went: string[] = [];
  const page: LobbyPage = {
    site: () => 'https://example.test/',
    paths: { lobby: '/lobby', table: '/table' },
    goto: (url) => went.push(url),
    replaceAddress: (url) => went.push(`replace ${url}`),
  };
  return { lobby: new LobbyController(netSettings('/'), page), went };
}

describe('LobbyController', () => {
  it('opened with an invite, shows the invitation and no problem', () => {
    const { lobby: l } = lobby();
    expect(l.title).toBe('Play online');
    l.readJoin('?join=abcd1234.host5678');
    expect(l.invited).toEqual({ room: 'abcd1234', via: 'host5678' });
    expect(l.problem).toBeNull();
    expect(l.title).toBe('You are invited');
  });

  it('opened with a damaged code, says so and invites nobody', () => {
    const { lobby: l, went } = lobby();
    l.readJoin('?join=not-a-code');
    expect(l.invited).toBeNull();
    expect(l.offered).toBeNull();
    expect(l.problem).toMatch(
      /^This link is damaged or not for Trainyard\. .+\. Ask for a new one\.$/,
    );
    expect(went).toEqual([]);
  });

  it('in Spanish or French, a damaged link is told in that language, no English detail', async () => {
    await Promise.all([loadGame('es'), loadOnline('es'), loadGame('fr'), loadOnline('fr')]);
    try {
      current.locale = 'es';
      const { lobby: es } = lobby();
      es.readJoin('?join=not-a-code');
      expect(es.problem).toBe(
        'Este enlace está dañado o no es de Trainyard. No es para esta mesa: es de otra, o está dañado. Pide uno nuevo.',
      );
      current.locale = 'fr';
      const { lobby: fr } = lobby();
      fr.joinText = 'https://example.test/lobby';
      await fr.join();
      expect(fr.problem).toBe('Pas pour cette table : celui d’une autre, ou abîmé.');
    } finally {
      current.locale = 'en';
    }
  });

  it('a pasted text that is no invite is refused before anything opens', async () => {
    const { lobby: l } = lobby();
    l.joinText = 'https://example.test/lobby';
    await l.join();
    expect(l.problem).toBe('That is not an invite link.');
    expect(l.busy).toBeNull();
    expect(l.client).toBeNull();
  });

  it('a pasted bare code or link is an invite', () => {
    expect(pastedInvite(' abcd1234.host5678 ')).toEqual({
      ok: true,
      value: { room: 'abcd1234', via: 'host5678' },
    });
    expect(pastedInvite('https://x.test/?join=abcd1234.host5678')).toEqual({
      ok: true,
      value: { room: 'abcd1234', via: 'host5678' },
    });
  });

  it('a lobby it could not come back to offers to try again, and trying again tries', async () => {
    const { lobby: l } = lobby();
    // No PeerServer at this page: the probe answers at once, nothing goes out.
    await l.net.detect(() => Promise.resolve(new Response('', { status: 404 })));
    expect(l.retryRoom).toBeNull();
    await l.comeBack('abcd1234');
    expect(l.problem).toMatch(/^Could not come back to the table\. /);
    expect(l.retryRoom).toBe('abcd1234');
    l.problem = null;
    l.retry();
    expect(l.retryRoom).toBeNull();
    await until(() => l.problem !== null);
    expect(l.retryRoom).toBe('abcd1234');
    expect(l.busy).toBeNull();
  });

  it('the player’s choice of server or none is kept', () => {
    const { lobby: l } = lobby();
    expect(l.mode).toBe('server');
    l.choose('no-server');
    expect(l.mode).toBe('no-server');
  });

  it('names the connection in the page’s language', async () => {
    const { lobby: l } = lobby();
    expect(l.connection).toBe('public PeerJS server');
    await loadOnline('es');
    try {
      current.locale = 'es';
      expect(l.connection).toBe('servidor público de PeerJS');
      expect(l.title).toBe('Jugar en línea');
    } finally {
      current.locale = 'en';
    }
  });
});
