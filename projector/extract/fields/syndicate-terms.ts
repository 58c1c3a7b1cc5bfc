/** The syndicate's roles as the terms serve them: per firm, bookrunners, co-managers, and the lead-left with its source. */
import type { ApiTermsExtended } from '../../../schema/api/types.ts';
import type { ExtractContext, Found } from '../extract-context.ts';
import { extractSyndicateRoles, type SyndicateEvidence } from './syndicate-roles.extract.ts';
import type { Underwriters } from './underwriters.extract.ts';

export type SyndicateTerms = Pick<ApiTermsExtended, 'underwriterRoles' | 'bookrunners' | 'coManagers' | 'leadLeftBookrunner' | 'leadLeftBookrunnerSource'>;
type Evidence = NonNullable<SyndicateEvidence['leadLeft']>;

export function syndicateTerms(
  ctx: ExtractContext,
  distributors: Found<Underwriters> | null,
): { terms: SyndicateTerms; provenance: Partial<Record<keyof SyndicateTerms, Evidence>> } {
  if (!distributors) {
    return { terms: { underwriterRoles: null, bookrunners: null, coManagers: null, leadLeftBookrunner: null, leadLeftBookrunnerSource: 'no_underwriters' }, provenance: {} };
  }
  const { value, evidence } = extractSyndicateRoles(ctx, distributors);
  const firms = distributors.value.canonical;
  const having = (role: string) => firms.filter((_, i) => value.roles[i] === role);
  const provenance: Partial<Record<keyof SyndicateTerms, Evidence>> = {
    // Agents' roles come from the sentence or table that lists them.
    underwriterRoles: evidence.bookrunners ?? { text: distributors.text, block: distributors.block },
  };
  if (evidence.bookrunners) provenance.bookrunners = evidence.bookrunners;
  if (evidence.coManagers) provenance.coManagers = evidence.coManagers;
  if (evidence.leadLeft) provenance.leadLeftBookrunner = evidence.leadLeft;
  return {
    terms: {
      underwriterRoles: value.roles,
      bookrunners: having('bookrunner'),
      coManagers: having('co_manager'),
      leadLeftBookrunner: value.leadLeft,
      leadLeftBookrunnerSource: value.leadLeftSource,
    },
    provenance,
  };
}
