import type { TMeta } from '@console/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { findPublicRoute, type TPublicRoute } from '@/config/paths';
import { setMeta } from '@/lib/meta';
import { publicPageOf } from './public-pages';

const route = (path: string) => findPublicRoute(path) as TPublicRoute;

afterEach(() => setMeta(null));

describe('public pages', () => {
  it('show the development outbox only when the server has one (never in production mode)', () => {
    setMeta({ devOutbox: true } as TMeta);
    expect(publicPageOf(route('/dev/outbox'))).toBe('devOutbox');
    setMeta({ devOutbox: false } as TMeta);
    expect(publicPageOf(route('/dev/outbox'))).toBe('noFound');
  });

  it('show the login page and the self-service pages', () => {
    setMeta({ devOutbox: false, features: { register: true } } as TMeta);
    expect(publicPageOf(route('/login'))).toBe('login');
    expect(publicPageOf(route('/findAccount'))).toBe('findAccount');
    expect(publicPageOf(route('/findUsername'))).toBe('findUsername');
    expect(publicPageOf(route('/findPassword'))).toBe('findPassword');
    expect(publicPageOf(route('/register'))).toBe('register');
    expect(publicPageOf(route('/confirm-change'))).toBe('confirmChange');
    expect(publicPageOf(route('/share/jobProfile'))).toBe('shareJobProfile');
    expect(publicPageOf(route('/userManage/42'))).toBe('userInvite');
    expect(publicPageOf(route('/sso-error'))).toBe('ssoError');
    expect(publicPageOf(route('/faceRecognition'))).toBe('faceRecognition');
    expect(publicPageOf(route('/faceRecognitionSuccessful'))).toBe('faceRecognitionSuccessful');
  });

  it('show the not-found page for registrations where the console does not offer them', () => {
    setMeta({ devOutbox: false, features: { register: false, marketplaceRegister: false } } as TMeta);
    expect(publicPageOf(route('/register'))).toBe('noFound');
    expect(publicPageOf(route('/aws-register'))).toBe('noFound');
    setMeta({ devOutbox: false, features: { register: false, marketplaceRegister: true } } as TMeta);
    expect(publicPageOf(route('/aws-register'))).toBe('awsRegister');
  });
});
