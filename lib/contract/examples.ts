/**
 * Gives every request body and every response of the document an example,
 * composed from the examples the contract declares on its models and fields
 * (openapi-sampler, the sampler Redoc uses). The contract then states each
 * example once, on the model, and every operation shows it.
 */
import {sample} from 'openapi-sampler';
import type {OpenApiDocument} from './compile';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

type MediaType = {schema?: object; example?: unknown; examples?: unknown};

function fill(media: MediaType, direction: 'request' | 'response', document: OpenApiDocument): void {
  if (!media.schema || media.example !== undefined || media.examples !== undefined) return;
  media.example = sample(media.schema, direction === 'request' ? {skipReadOnly: true} : {skipWriteOnly: true}, document);
}

export function addExamples(document: OpenApiDocument): void {
  for (const pathItem of Object.values<Record<string, any>>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      for (const media of Object.values<MediaType>(operation.requestBody?.content ?? {})) fill(media, 'request', document);
      for (const response of Object.values<Record<string, any>>(operation.responses ?? {})) {
        const resolved = response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response;
        for (const media of Object.values<MediaType>(resolved.content ?? {})) fill(media, 'response', document);
      }
    }
  }
}
