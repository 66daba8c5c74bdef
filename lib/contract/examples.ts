/**
 * Examples composed from those declared on models and fields (openapi-sampler, as
 * Redoc uses), so the contract states each once and every operation shows it.
 */
import {sample} from 'openapi-sampler';
import {operationsOf, resolveRef} from '../openapi';
import type {OpenApiDocument} from './compile';

type MediaType = {schema?: object; example?: unknown; examples?: unknown};

function fill(media: MediaType, direction: 'request' | 'response', document: OpenApiDocument): void {
  if (!media.schema || media.example !== undefined || media.examples !== undefined) return;
  media.example = sample(media.schema, direction === 'request' ? {skipReadOnly: true} : {skipWriteOnly: true}, document);
}

export function addExamples(document: OpenApiDocument): void {
  for (const {operation} of operationsOf(document)) {
    for (const media of Object.values<MediaType>(resolveRef(document, operation.requestBody ?? {}).content ?? {})) fill(media, 'request', document);
    for (const response of Object.values(operation.responses ?? {})) {
      for (const media of Object.values<MediaType>(resolveRef(document, response).content ?? {})) fill(media, 'response', document);
    }
  }
}
