import { describe, expect, it } from 'vitest';
import { isOnboarded, isPlaceholderEmail, missingOnboardingFields } from '../../src/lib/onboarding';

const complete = { name: 'An', phone: '+84901234567', phone_verified_at: '2026-01-01T00:00:00Z', birthday: '1990-01-01', gender: 1 };

describe('onboarding rule (SPEC §5)', () => {
  it('is onboarded with name, phone, verified phone, birthday and numeric gender', () => {
    expect(isOnboarded(complete)).toBe(true);
    expect(missingOnboardingFields(complete)).toEqual([]);
  });

  it('names each missing field, in the order the screen asks', () => {
    expect(missingOnboardingFields(null)).toEqual(['name', 'phone', 'phone_verified_at', 'birthday', 'gender']);
    expect(missingOnboardingFields({ ...complete, phone_verified_at: null })).toEqual(['phone_verified_at']);
    expect(missingOnboardingFields({ ...complete, name: '   ' })).toEqual(['name']);
  });

  it('accepts gender 0 and numeric strings, refuses text genders', () => {
    expect(isOnboarded({ ...complete, gender: 0 })).toBe(true);
    expect(isOnboarded({ ...complete, gender: '2' })).toBe(true);
    expect(missingOnboardingFields({ ...complete, gender: 'male' })).toEqual(['gender']);
    expect(missingOnboardingFields({ ...complete, gender: null })).toEqual(['gender']);
    expect(missingOnboardingFields({ ...complete, gender: 1.5 })).toEqual(['gender']);
  });

  it('requires a verified real e-mail only when configured', () => {
    expect(isOnboarded(complete, { requireEmail: true })).toBe(false);
    expect(missingOnboardingFields(complete, { requireEmail: true })).toEqual(['email', 'email_verified_at']);
    const withEmail = { ...complete, email: 'an@example.com', email_verified_at: '2026-01-02T00:00:00Z' };
    expect(isOnboarded(withEmail, { requireEmail: true })).toBe(true);
    expect(missingOnboardingFields({ ...withEmail, email_verified_at: null }, { requireEmail: true })).toEqual(['email_verified_at']);
  });

  it('refuses placeholder e-mail domains of the group or the social login', () => {
    const placeholder = { ...complete, email: 'x1@privaterelay.appleid.com', email_verified_at: '2026-01-02T00:00:00Z' };
    expect(missingOnboardingFields(placeholder, { requireEmail: true })).toEqual(['email']);
    expect(isOnboarded({ ...placeholder, email: 'x@GROUP.example' }, { requireEmail: true, placeholderDomains: ['group.example'] })).toBe(false);
    expect(isPlaceholderEmail('someone@notgroup.example', ['group.example'])).toBe(false);
    expect(isPlaceholderEmail('someone@mail.group.example', ['group.example'])).toBe(true);
    expect(isPlaceholderEmail(null)).toBe(false);
  });
});
