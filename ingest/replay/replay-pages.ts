/**
 * The refusal pages EDGAR sends, reproduced for the replay server. Titles and wording follow the
 * pages as quoted from real SEC responses (domain.md §1.1, S2–S4); clients match on those
 * phrases, so the phrases are what must be exact. The surrounding markup is simplified.
 *
 * The real throttle page reuses the undeclared-tool wording under its own title, so a client must
 * look for "Request Rate Threshold Exceeded" first; the replay page keeps that trap.
 */
export const UNDECLARED_TOOL_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SEC.gov | Your Request Originates from an Undeclared Automated Tool</title>
</head>
<body>
<h1>Your Request Originates from an Undeclared Automated Tool</h1>
<p>To allow for equitable access to all users, SEC reserves the right to limit requests originating from undeclared automated tools. Your request has been identified as part of a network of automated tools outside of the acceptable policy and will be managed until action is taken to declare your traffic.</p>
<p>Please declare your traffic by updating your user agent to include company specific information.</p>
<p>For best practices on efficiently downloading information from SEC.gov, including the latest EDGAR filings, visit <a href="https://www.sec.gov/developer">sec.gov/developer</a>. You can also <a href="https://public.govdelivery.com/accounts/USSEC/subscriber/new?topic_id=USSEC_260">sign up for email updates</a> on the SEC open data program, including best practices that make it more efficient to download data, and SEC.gov enhancements that may impact scripted downloading processes. For more information, contact <a href="mailto:opendata@sec.gov">opendata@sec.gov</a>.</p>
<p>For more information, please see the SEC's <a href="#">Web Site Privacy and Security Policy</a>. Thank you for your interest in the U.S. Securities and Exchange Commission.</p>
</body>
</html>
`;

export const RATE_THRESHOLD_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SEC.gov | Request Rate Threshold Exceeded</title>
</head>
<body>
<h1>Request Rate Threshold Exceeded</h1>
<p>To allow for equitable access to all users, SEC reserves the right to limit requests originating from undeclared automated tools. Your request has been identified as part of a network of automated tools outside of the acceptable policy and will be managed until action is taken to declare your traffic.</p>
<p>Please declare your traffic by updating your user agent to include company specific information.</p>
<p>For best practices on efficiently downloading information from SEC.gov, including the latest EDGAR filings, visit <a href="https://www.sec.gov/developer">sec.gov/developer</a>.</p>
</body>
</html>
`;

/** www.sec.gov answers a missing path with an HTML page. */
export const WWW_NOT_FOUND_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SEC.gov | File Not Found Error Alert (404)</title>
</head>
<body>
<h1>File Not Found Error Alert (404)</h1>
<p>The page you requested could not be found.</p>
</body>
</html>
`;

/** data.sec.gov is served from S3 and answers a missing key with its XML error document. */
export function dataNotFoundXml(path: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${path.replace(/^\//, '').replace(/[<>&]/g, '')}</Key></Error>`;
}
