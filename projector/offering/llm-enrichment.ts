/**
 * Optional LLM provider for `aiEnrichment`: an OpenAI-compatible chat-completions endpoint
 * (LLM_API_URL, LLM_API_KEY, LLM_MODEL, passed in by the composition root; `fetch` injected).
 * Never required: any failure returns null and the caller keeps the extractive result. The model
 * only sees text from the filing and the extractive result, and its risk flags are kept only when
 * they belong to the documented taxonomy.
 */
import type { ApiAiEnrichment } from '../../schema/api/types.ts';
import { RISK_TAXONOMY } from './risk-taxonomy.ts';

export interface LlmConfig {
  apiUrl: string;
  apiKey: string;
  model: string;
}

export interface LlmEnrichmentInput {
  companyName: string | null;
  formType: string;
  /** Cover and summary text from the document (the caller bounds its size). */
  excerpt: string;
  extractive: ApiAiEnrichment;
}

export type FetchFn = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

const MAX_EXCERPT_CHARS = 12_000;

export function buildLlmRequest(config: LlmConfig, input: LlmEnrichmentInput): { url: string; init: { method: string; headers: Record<string, string>; body: string } } {
  const flags = RISK_TAXONOMY.map((c) => `${c.flag}: ${c.description}`).join('\n');
  const system =
    'You summarise SEC registration filings. Use only facts stated in the excerpt. Reply with a JSON object ' +
    '{"narrativeSummary": string, "materialChanges": string[], "riskFlags": string[], "confidence": number between 0 and 1}. ' +
    `riskFlags must come from this list:\n${flags}`;
  const user = [
    `Company: ${input.companyName ?? 'unknown'}`,
    `Form: ${input.formType}`,
    `Changes since the previous filing: ${JSON.stringify(input.extractive.materialChanges ?? [])}`,
    `Excerpt:\n${input.excerpt.slice(0, MAX_EXCERPT_CHARS)}`,
  ].join('\n');
  const url = `${config.apiUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    url,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      }),
    },
  };
}

/** The enrichment from a chat-completions body, or null when it is not the JSON we asked for. */
export function parseLlmResponse(body: unknown, extractive: ApiAiEnrichment): ApiAiEnrichment | null {
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const p = parsed as Record<string, unknown>;
  const known = new Set(RISK_TAXONOMY.map((c) => c.flag));
  const strings = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);
  const narrative = typeof p.narrativeSummary === 'string' && p.narrativeSummary.trim() ? p.narrativeSummary.trim() : null;
  if (!narrative) return null;
  const confidence = typeof p.confidence === 'number' && p.confidence >= 0 && p.confidence <= 1 ? p.confidence : null;
  return {
    narrativeSummary: narrative,
    // Material changes are computed from the extracted terms; the model may only rephrase them.
    materialChanges: strings(p.materialChanges) ?? extractive.materialChanges,
    riskFlags: (strings(p.riskFlags) ?? []).filter((f) => known.has(f)),
    confidence,
  };
}

export async function enrichWithLlm(config: LlmConfig, fetchFn: FetchFn, input: LlmEnrichmentInput): Promise<ApiAiEnrichment | null> {
  const { url, init } = buildLlmRequest(config, input);
  try {
    const res = await fetchFn(url, init);
    if (!res.ok) return null;
    return parseLlmResponse(await res.json(), input.extractive);
  } catch {
    return null;
  }
}
