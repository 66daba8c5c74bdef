/**
 * The evidence in the compiled contract's examples (generated/static/openapi.json):
 * each marker's text is what its offset and length point to in the part of the
 * exchange it names, so readers and clients that highlight by offset show the
 * proof the text says.
 */
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {contractOutput} from '../../lib/paths';

describe("the contract's evidence examples", () => {
  const document = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));

  /** Every evidence exchange in the document's examples: objects with a request, a response and markers. */
  function evidenceExamples(node: unknown, found: any[] = []): any[] {
    if (Array.isArray(node)) for (const item of node) evidenceExamples(item, found);
    else if (node && typeof node === 'object') {
      const object = node as Record<string, any>;
      if (object.request && object.response && Array.isArray(object.markers)) found.push(object);
      for (const value of Object.values(object)) evidenceExamples(value, found);
    }
    return found;
  }

  /** The text a marker points into: the part of the exchange it names. */
  function partText(exchange: any, marker: any): string {
    const headerValue = (headers: {name: string; value: string}[]) =>
      headers.find((header) => header.name.toLowerCase() === marker.header?.toLowerCase())?.value ?? '';
    switch (marker.part) {
      case 'request_url':
        return exchange.request.url;
      case 'request_header':
        return headerValue(exchange.request.header_fields);
      case 'request_body':
        return exchange.request.body;
      case 'response_status':
        return String(exchange.response.status_code);
      case 'response_header':
        return headerValue(exchange.response.header_fields);
      case 'response_body':
        return exchange.response.body;
      default:
        throw new Error(`unknown evidence part ${marker.part}`);
    }
  }

  it('exist: the finding example proves its vulnerability with HTTP exchanges', () => {
    expect(evidenceExamples(document.components.schemas.Finding.example).length).toBeGreaterThan(0);
  });

  it('mark exactly the text their offset and length point to', () => {
    for (const exchange of evidenceExamples(document)) {
      for (const marker of exchange.markers) {
        const where = `${exchange.request.method} ${exchange.request.url}: ${marker.part}`;
        expect(partText(exchange, marker).slice(marker.offset, marker.offset + marker.length), where).toBe(marker.text);
        expect(marker.text.length, where).toBe(marker.length);
      }
    }
  });
});
