import type { TPasswordRules } from '@console/contract/password-rules';
import enErrors from '@console/phrases/en-us/errors';
import enPassword from '@console/phrases/en-us/password';
import enValidation from '@console/phrases/en-us/validation';
import zhErrors from '@console/phrases/zh-cn/errors';
import zhPassword from '@console/phrases/zh-cn/password';
import zhValidation from '@console/phrases/zh-cn/validation';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TPasswordTexts } from '@/lib/password-policy';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

const policy: TPasswordRules = { requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 };
const en: TPasswordTexts = { errors: enErrors, validation: enValidation, password: enPassword };
const zh: TPasswordTexts = { errors: zhErrors, validation: zhValidation, password: zhPassword };

/** A page with the pair in a form, and a step that hides it (as the invitation's authenticator step does). */
function Page({ texts, onValid }: { texts: TPasswordTexts; onValid: (password: string) => void }) {
  const state = useNewPassword(policy, texts);
  const [isHidden, setIsHidden] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.check()) onValid(state.password);
  };
  return (
    <>
      <button type="button" onClick={() => setIsHidden((hidden) => !hidden)} data-testid="toggle-step">
        step
      </button>
      {isHidden ? null : (
        <form onSubmit={submit} data-testid="form">
          <NewPasswordFields state={state} id="pw" username="new_analyst" />
        </form>
      )}
    </>
  );
}

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const errorOf = (id: string) => screen.queryByTestId(`${id}-error`)?.textContent ?? null;
const submit = () => act(async () => void fireEvent.submit(screen.getByTestId('form')));

afterEach(cleanup);

describe('the new password and its confirmation', () => {
  it('shows the policy’s rule, focuses the new password, and names the username for password managers', () => {
    render(<Page texts={en} onValid={() => {}} />);
    expect(document.activeElement).toBe(field('pw-password'));
    expect(screen.getByText(/8-32 characters, with lowercase letters, uppercase letters/)).toBeTruthy();
    const username = document.querySelector('input[name="username"]') as HTMLInputElement;
    expect(username.value).toBe('new_analyst');
    expect(username.autocomplete).toBe('username');
    expect(field('pw-password').autocomplete).toBe('new-password');
    expect(field('pw-confirm').autocomplete).toBe('new-password');
  });

  it('checks both on submit, focuses the first wrong one, then follows the typing', async () => {
    const accepted: string[] = [];
    render(<Page texts={en} onValid={(password) => accepted.push(password)} />);
    await submit();
    expect(errorOf('pw-password')).toBe(enValidation.passwordRequired);
    expect(errorOf('pw-confirm')).toBe(enPassword.confirmRequired);
    expect(field('pw-password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('pw-password'));

    type('pw-password', 'weak');
    expect(errorOf('pw-password')).toContain('8');
    type('pw-password', 'Strong@2026x');
    expect(errorOf('pw-password')).toBeNull();
    type('pw-confirm', 'Strong@2026y');
    expect(errorOf('pw-confirm')).toBe(enValidation.passwordMismatch);
    await submit();
    expect(document.activeElement).toBe(field('pw-confirm'));
    expect(accepted).toEqual([]);

    type('pw-confirm', 'Strong@2026x');
    expect(errorOf('pw-confirm')).toBeNull();
    await submit();
    expect(accepted).toEqual(['Strong@2026x']);
  });

  it('says at once, in the page’s language, when the confirmation is left with another value', () => {
    render(<Page texts={zh} onValid={() => {}} />);
    type('pw-password', 'Strong@2026x');
    type('pw-confirm', 'Strong@2026');
    expect(errorOf('pw-confirm')).toBeNull();
    fireEvent.blur(field('pw-confirm'));
    expect(errorOf('pw-confirm')).toBe(zhValidation.passwordMismatch);
    expect(errorOf('pw-password')).toBeNull();
  });

  it('keeps what was typed while a step of the page hides the fields', () => {
    render(<Page texts={en} onValid={() => {}} />);
    type('pw-password', 'Strong@2026x');
    type('pw-confirm', 'Strong@2026x');
    fireEvent.click(screen.getByTestId('toggle-step'));
    expect(screen.queryByTestId('pw-password')).toBeNull();
    fireEvent.click(screen.getByTestId('toggle-step'));
    expect(field('pw-password').value).toBe('Strong@2026x');
    expect(field('pw-confirm').value).toBe('Strong@2026x');
    expect(document.activeElement).toBe(field('pw-password'));
  });
});
