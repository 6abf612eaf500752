import { describe, expect, it } from 'vitest';
import { editableProfileFields } from '@cgm/domain';
import { editsPersonalDetails } from './profile-edit-form';

// The profile form shows its "Personal details" part only to someone who may change them; a
// clinician who records the clinic's fields only reads the personal details above the form.
describe('the profile form parts', () => {
  it('has personal details for the creating care team of an account it created', () => {
    expect(editsPersonalDetails(editableProfileFields('creator', 'hcp'))).toBe(true);
  });
  it('has only the clinic fields for any other clinician', () => {
    expect(editsPersonalDetails(editableProfileFields('clinician', 'hcp'))).toBe(false);
    expect(editsPersonalDetails(editableProfileFields('creator', 'cli'))).toBe(false);
    expect(editsPersonalDetails(editableProfileFields('creator', 'register'))).toBe(false);
  });
});
