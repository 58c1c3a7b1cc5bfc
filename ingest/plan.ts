import { readFileSync } from 'node:fs';
import type { Job } from './jobs/job-types.ts';
import { InvalidJobError, validateJob } from './jobs/job-validate.ts';

/** A plan file: `{ "about"?: string, "jobs": [{ "name": "edgar.submissions", "data": { "cik": "..." } }] }`. */
export interface Plan {
  about?: string;
  jobs: Job[];
}

/** Validates a parsed plan; every problem is reported with the job's position. */
export function parsePlan(value: unknown): Plan {
  if (!value || typeof value !== 'object' || !Array.isArray((value as { jobs?: unknown }).jobs)) {
    throw new InvalidJobError('a plan must be an object with a "jobs" array');
  }
  const raw = value as { about?: unknown; jobs: unknown[] };
  const problems: string[] = [];
  const jobs: Job[] = [];
  raw.jobs.forEach((candidate, i) => {
    try {
      jobs.push(validateJob(candidate));
    } catch (error) {
      problems.push(`jobs[${i}]: ${(error as Error).message}`);
    }
  });
  if (problems.length > 0) throw new InvalidJobError(`invalid plan:\n  ${problems.join('\n  ')}`);
  return { ...(typeof raw.about === 'string' ? { about: raw.about } : {}), jobs };
}

export function loadPlan(path: string): Plan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InvalidJobError(`cannot read plan ${path}: ${(error as Error).message}`);
  }
  return parsePlan(parsed);
}
