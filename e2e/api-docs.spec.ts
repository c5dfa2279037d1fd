/**
 * The API reference as a developer opens it (issue 36): Swagger UI at /api/docs lists every
 * operation of the published document, and opening each one resolves all its references
 * (Swagger UI resolves a `$ref` only when an operation is opened, and writes "Could not
 * resolve reference" into the page when one is missing).
 */
import { expect, test } from '@playwright/test';

test('Swagger UI shows every operation without a reference error', async ({ page, request }) => {
  // About 80 operations, each opened and closed in turn.
  test.setTimeout(300_000);
  const document = (await (await request.get('/api/docs/json')).json()) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const methods = new Set(['get', 'put', 'post', 'patch', 'delete']);
  const operationIds = Object.values(document.paths)
    .flatMap((item) => Object.entries(item).filter(([method]) => methods.has(method)))
    .map(([, operation]) => operation.operationId);

  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/api/docs');
  const operations = page.locator('.opblock');
  await expect(operations.first()).toBeVisible({ timeout: 30_000 });
  await expect(operations).toHaveCount(operationIds.length);

  // One at a time, closed again after: with every operation open, each click re-renders them
  // all and the page slows to a crawl.
  for (let index = 0; index < operationIds.length; index++) {
    const operation = operations.nth(index);
    await operation.locator('.opblock-summary-control').click();
    // It has drawn its body (parameters, responses) from resolved schemas.
    await expect(operation.locator('.responses-wrapper')).toBeVisible();
    await expect(operation.getByText('Could not resolve reference')).toHaveCount(0);
    await expect(operation.locator('.errors-wrapper')).toHaveCount(0);
    await operation.locator('.opblock-summary-control').click();
    await expect(operation).not.toHaveClass(/is-open/u);
  }
  expect(pageErrors).toEqual([]);
});
