import { findLeadIdByPhone, getLead, listTimeline, listLeads } from '@app/functions/leads/lead-repo';
import { aShownFormsToken, choose, e2eDb, expect, takeAPersonsTime, test } from './fixtures';
import { signIn } from './portal';

const uniquePhone = () => `9${Math.floor(100_000_000 + Math.random() * 899_999_999)}`;

test.describe('calculator', () => {
  test('shows a message for each required field on an empty submit', async ({ page }) => {
    await page.goto('/calculator');
    await page.getByRole('button', { name: 'Get My Quote & Schedule Consultation' }).click();
    await expect(page.getByText('Property type is required')).toBeVisible();
    await expect(page.getByText('Carpet area is required')).toBeVisible();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('City is required')).toBeVisible();
  });

  test('a submission reaches the Thank You screen with a ₹ range and creates exactly one lead', async ({ page }) => {
    const db = e2eDb();
    const phone = uniquePhone();

    await page.goto('/calculator');
    await choose(page, 'Property Type', '3 BHK');
    await page.getByLabel('Carpet Area (sq ft)').fill('1450');
    await choose(page, 'Material Preference', /Premium/);
    await choose(page, 'Rooms to Design', 'Partial (2-3 rooms)');
    await page.getByLabel('Full Name').fill('Meera Krishnan');
    await page.getByLabel('Phone Number').fill(phone);
    await page.getByLabel('Email Address', { exact: false }).fill('meera@example.com');
    await page.getByLabel('City').fill('Hyderabad');
    await takeAPersonsTime(page);
    await page.getByRole('button', { name: 'Get My Quote & Schedule Consultation' }).click();

    await expect(page.getByText('Request Submitted')).toBeVisible();
    await expect(page.getByText('Your project details have been submitted successfully!')).toBeVisible();
    await expect(page.getByText(/within 24 hours/)).toBeVisible();
    // 1450 sq ft x premium ₹1200-1800 x 3BHK 1.05 x partial 0.6
    await expect(page.getByText('₹10,96,000 – ₹16,44,000')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp Now' })).toHaveAttribute('href', /^https:\/\/wa\.me\/919848012345\?text=/);

    const leadId = await findLeadIdByPhone(db, phone);
    expect(leadId).toBeDefined();
    expect(await getLead(db, leadId!)).toMatchObject({
      name: 'Meera Krishnan',
      email: 'meera@example.com',
      source: 'Website',
      status: 'New',
      projectType: '3BHK',
      location: 'Hyderabad',
      // The estimate the visitor saw stays on the lead: its range, and its midpoint as the budget.
      estimate: { min: 1_096_000, max: 1_644_000 },
      budget: 1_370_000,
    });
    // Exactly one lead has the phone (other journeys running alongside create leads too, so the total is not counted).
    const withPhone = (await listLeads(db, { sort: 'created', limit: 1000 })).items.filter((lead) => lead.phone.replace(/\D/g, '').endsWith(phone));
    expect(withPhone.map((lead) => lead.id)).toEqual([leadId]);

    await page.getByRole('button', { name: 'Submit Another Project' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Phone Number')).toHaveValue('');
    await expect(page.getByLabel('Carpet Area (sq ft)')).toHaveValue('');
  });
});

test.describe('a website lead in the portal', () => {
  test("shows the calculator's estimate and the contact form's project type", async ({ page, request }) => {
    const db = e2eDb();
    const phone = uniquePhone();
    const formToken = await aShownFormsToken(request);
    const calculator = await request.post('/api/calculator', {
      data: { bhk: '2bhk', area: 1000, material: 'basic', rooms: 'all', name: 'Estimate Visitor', phone, email: '', city: 'Hyderabad', formToken },
    });
    expect(calculator.status()).toBe(201);
    const contactPhone = uniquePhone();
    const contact = await request.post('/api/contact', {
      data: { firstName: 'Residential', lastName: 'Visitor', email: 'res@example.com', phone: contactPhone, projectType: 'residential', message: 'A 3BHK in Kokapet.', formToken },
    });
    expect(contact.status()).toBe(201);

    await signIn(page);
    await page.goto(`/admin/leads?lead=${(await findLeadIdByPhone(db, phone))!}`);
    const drawer = page.getByRole('dialog');
    // 1000 sq ft x basic ₹800-1200 x 2BHK 1.0 x all rooms 1.0
    await expect(drawer.getByText('₹8,00,000 – ₹12,00,000')).toBeVisible();
    await expect(drawer.getByText('₹10,00,000', { exact: true })).toBeVisible();

    await page.goto(`/admin/leads?lead=${(await findLeadIdByPhone(db, contactPhone))!}`);
    await expect(page.getByRole('dialog').getByText('Project type: Residential. A 3BHK in Kokapet.')).toBeVisible();
  });
});

test.describe('contact form', () => {
  test('sends all six fields, resets, and the lead carries them', async ({ page }) => {
    const db = e2eDb();
    const phone = uniquePhone();
    await page.goto('/contact');
    await page.getByLabel('First Name').fill('Arjun');
    await page.getByLabel('Last Name').fill('Reddy');
    await page.getByLabel('Email Address').fill('arjun@example.com');
    await page.getByLabel('Phone Number').fill(phone);
    await choose(page, 'Project Type', 'Commercial');
    await page.getByLabel('Message').fill('We need a fit-out for a 3,000 sq ft office in Madhapur.');
    await takeAPersonsTime(page);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Message Sent')).toBeVisible();
    await expect(page.getByText('Thank you for your message! We will get back to you soon.')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');

    const leadId = await findLeadIdByPhone(db, phone);
    expect(leadId).toBeDefined();
    expect(await getLead(db, leadId!)).toMatchObject({
      name: 'Arjun Reddy',
      email: 'arjun@example.com',
      phone,
      projectType: 'Commercial',
      requirements: 'We need a fit-out for a 3,000 sq ft office in Madhapur.',
      source: 'Website',
    });
    const timeline = await listTimeline(db, leadId!);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]?.content).toBe('Contact form (Commercial): We need a fit-out for a 3,000 sq ft office in Madhapur.');
  });
});
