import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { FirstSteps, type FirstStepsState } from '#client/app/first-steps.tsx';

const none: FirstStepsState = { brandKit: false, creative: false, approvedAd: false, livePage: false, presentation: false };
const PROJECT = 'proj_aaaaaaaaaaaaaaaa';

function steps() {
  return within(screen.getByRole('region', { name: 'Get started' })).getAllByRole('listitem');
}

describe('FirstSteps (the dashboard checklist)', () => {
  // Hiding is remembered in localStorage; each test starts as a first visit.
  beforeEach(() => localStorage.clear());

  it('lists every step with a link to where it is done, and counts what is done', () => {
    renderScreen(<FirstSteps state={{ ...none, creative: true }} projectId={PROJECT} hasProjects />);
    expect(screen.getByText('1 of 5 done')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'First steps done' }).getAttribute('aria-valuenow')).toBe('1');
    expect(steps().map((li) => li.textContent)).toEqual([
      expect.stringContaining('Set up a brand kit (to do)'),
      expect.stringContaining('Make your first creative (done)'),
      expect.stringContaining('Get an ad approved (to do)'),
      expect.stringContaining('Put a funnel page live (to do)'),
      expect.stringContaining('Pitch with a presentation (to do)'),
    ]);
    // A done step has no action left; the others lead into the newest project.
    expect(screen.queryByRole('link', { name: 'Make a creative' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the brand kit' }).getAttribute('href')).toBe(`/projects/${PROJECT}/`);
    expect(screen.getByRole('link', { name: 'Ask for approval' }).getAttribute('href')).toBe(`/projects/${PROJECT}/marketing`);
    expect(screen.getByRole('link', { name: 'Build a page' }).getAttribute('href')).toBe('/funnels');
    expect(screen.getByRole('link', { name: 'Write a presentation' }).getAttribute('href')).toBe('/presentations');
    // No sample project offered to someone who has one.
    expect(screen.queryByRole('button', { name: 'Start with a sample project' })).toBeNull();
  });

  it('leaves out the presentation step for plans without presentations', () => {
    renderScreen(<FirstSteps state={{ ...none, presentation: null }} projectId={PROJECT} hasProjects />);
    expect(screen.getByText('0 of 4 done')).toBeTruthy();
    expect(screen.queryByText('Pitch with a presentation')).toBeNull();
  });

  it('disappears when every step is done', () => {
    renderScreen(
      <FirstSteps state={{ brandKit: true, creative: true, approvedAd: true, livePage: true, presentation: null }} projectId={PROJECT} hasProjects />,
    );
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('can be hidden, and stays hidden on the next visit', async () => {
    const first = renderScreen(<FirstSteps state={none} projectId={PROJECT} hasProjects />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    first.unmount();
    renderScreen(<FirstSteps state={none} projectId={PROJECT} hasProjects />);
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('without a project: adds the first customer, or makes a sample project and opens it', async () => {
    const calls = mockApi({ 'POST /api/onboarding/sample-project': { status: 201, body: projectDetail({ id: PROJECT, name: 'Sample: Northwind Coffee' }) } });
    const { router } = renderScreen(<FirstSteps state={none} projectId={undefined} hasProjects={false} />);
    expect(screen.getByRole('link', { name: 'Add your first customer' }).getAttribute('href')).toBe('/projects?new=1');
    await userEvent.click(screen.getByRole('button', { name: 'Start with a sample project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/`));
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/onboarding/sample-project', body: undefined }]);
  });

  it('says why a sample project could not be made (the plan’s limit) and lets the user try again', async () => {
    mockApi({
      'POST /api/onboarding/sample-project': {
        status: 402,
        body: envelope('plan_limit_reached', 'The Free plan includes 3 active projects. Archive one, or upgrade.'),
      },
    });
    renderScreen(<FirstSteps state={none} projectId={undefined} hasProjects={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start with a sample project' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The Free plan includes 3 active projects');
    expect(screen.getByRole('button', { name: 'Start with a sample project' }).hasAttribute('disabled')).toBe(false);
  });
});
