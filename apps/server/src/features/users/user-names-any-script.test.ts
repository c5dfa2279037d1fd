import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

interface Availability {
  available: boolean;
  reason: string | null;
  userName: string;
}

describeEachBackend('user names in any script', (database) => {
  let app: FastifyInstance;
  let zoe: SignedInTestUser;
  let other: SignedInTestUser;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    zoe = await signInAs(app, 'zoe_first');
    other = await signInAs(app, 'someone_else');
  });
  afterAll(async () => {
    await app.close();
  });

  const choose = (user: SignedInTestUser, userName: string) =>
    app.inject({ method: 'PUT', url: '/api/me/user-name', headers: user.headers, payload: { userName } });
  const availability = async (userName: string, user?: SignedInTestUser) =>
    (
      await app.inject({
        url: `/api/user-names/availability?userName=${encodeURIComponent(userName)}`,
        ...(user ? { headers: user.headers } : {}),
      })
    ).json<Availability>();

  it('takes names in any alphabet, NFC-normalised', async () => {
    const chosen = await choose(zoe, 'Zoe\u0308'); // 'e' + combining diaeresis
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<{ userName: string }>().userName).toBe('Zoë');
    for (const name of ['Léo', 'Ngā', 'Дмитрий', '美咲']) {
      expect(await availability(name)).toMatchObject({ available: true, userName: name });
    }
    const profile = await app.inject({ url: `/api/users/${encodeURIComponent('ZOË')}` });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ userName: string }>().userName).toBe('Zoë');
  });

  it('treats another case or a look-alike of a taken name as taken', async () => {
    expect((await choose(other, 'Дмитрий')).statusCode).toBe(200);
    for (const name of ['ZOË', 'zoë', 'ДМИТРИЙ']) {
      expect(await availability(name)).toMatchObject({ available: false, reason: 'taken' });
    }
    // Zoë may write her own name in capitals; Дмитрий's is his.
    expect((await choose(zoe, 'ZOË')).statusCode).toBe(200);
    expect((await choose(zoe, 'ДМИТРИЙ')).statusCode).toBe(409);
    // An all-Cyrillic or digit look-alike of a Latin name is taken; a name mixing alphabets is refused.
    expect((await choose(other, 'Bob')).statusCode).toBe(200);
    expect(await availability('ВОВ')).toMatchObject({ available: false, reason: 'taken' });
    expect(await availability('B0B')).toMatchObject({ available: false, reason: 'taken' });
    expect(await availability('Pаul')).toMatchObject({ available: false, reason: 'mixed_scripts' });
    // Your own name is yours, whatever the case.
    expect(await availability('BOB', other)).toMatchObject({ available: true });
  });

  it('signs in with a Unicode name through the development sign-in, and refuses a look-alike there', async () => {
    const misaki = await signInAs(app, '美咲');
    expect(misaki.userName).toBe('美咲');
    await expect(signInAs(app, 'ВОВ')).rejects.toThrow(/409/u);
  });
});
