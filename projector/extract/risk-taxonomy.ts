/**
 * Risk-flag taxonomy for `aiEnrichment.riskFlags`. A flag is raised when a risk-factor heading (or
 * the issuer-structure flags read from the cover) matches; each entry documents what it means.
 */
export interface RiskCategory {
  flag: string;
  description: string;
  pattern: RegExp;
}

export const RISK_TAXONOMY: readonly RiskCategory[] = [
  { flag: 'going_concern', description: 'auditor or management doubt about continuing as a going concern', pattern: /going concern/i },
  { flag: 'net_losses', description: 'history of losses, no revenue, or uncertain profitability', pattern: /\b(?:net |operating )?losses\b|no revenue|not (?:be )?(?:able to )?(?:achieve|maintain|generate)[^.]{0,40}profitab|profitability is uncertain|future profitability/i },
  { flag: 'capital_needs', description: 'need for additional financing', pattern: /additional (?:capital|financing|funding)|need (?:for )?(?:substantial )?(?:additional )?(?:capital|funds)|raise additional/i },
  { flag: 'regulatory_approval', description: 'products need regulatory (FDA/NDA) approval or clearance', pattern: /\bFDA\b|\bNDAs?\b|regulatory approval|marketing approval|clinical (?:trials?|development)|approval of (?:our )?product/i },
  { flag: 'customer_concentration', description: 'dependence on few customers or suppliers', pattern: /(?:limited|small) number of (?:customers|suppliers)|significant customers?|customer concentration|depend(?:ent|s)? on (?:a few|a limited number|a small number)/i },
  { flag: 'dual_class_control', description: 'dual-class stock or a controlling holder', pattern: /dual[- ]class|multi[- ]class|ten votes|controlled company|control(?:s|ling)? (?:over )?(?:a )?(?:majority|significant)|concentrat\w+ (?:of )?(?:voting|ownership)/i },
  { flag: 'vie_structure', description: 'PRC variable interest entity or holding-company structure', pattern: /variable interest entit|\bVIEs?\b|contractual arrangements|\bPRC\b|Cayman Islands holding/i },
  { flag: 'emerging_growth_company', description: 'reduced disclosure as an emerging growth company', pattern: /emerging growth company/i },
  { flag: 'cybersecurity', description: 'security breaches, cyber-attacks, data privacy', pattern: /cyber|security breach|data (?:breach|privacy|protection)|hack/i },
  { flag: 'litigation', description: 'lawsuits, claims, investigations', pattern: /litigation|lawsuits?|legal proceedings|claims (?:that|against|of infringement)|subject to claims/i },
  { flag: 'key_personnel', description: 'reliance on executives and key staff', pattern: /key (?:personnel|employees|management)|executive officers|qualified personnel|retain (?:our )?(?:senior|key)/i },
  { flag: 'competition', description: 'intense or significant competition', pattern: /competition|compete|competitors/i },
  { flag: 'indebtedness', description: 'debt, covenants, loan agreements', pattern: /indebtedness|loan agreements?|credit (?:facility|agreement)|restrictive covenants|\bdebt\b/i },
  { flag: 'dilution', description: 'dilution of investors in this offering or later issuances', pattern: /dilution|dilutive/i },
  { flag: 'limited_trading_market', description: 'no prior public market, volatile or illiquid trading', pattern: /no (?:prior )?public market|active trading market|market (?:price|prices) (?:of|for) our [^.]{0,40}(?:volatile|fluctuate)|stock price (?:may be )?volatil|may fluctuate/i },
  { flag: 'covid19', description: 'COVID-19 or pandemic effects', pattern: /covid|coronavirus|pandemic/i },
  { flag: 'intellectual_property', description: 'protection or infringement of intellectual property', pattern: /intellectual property|patents?\b|trade secrets/i },
];
