import type { PageTemplatesCopy } from '#common/templates/pages/en.ts';

/** The words of the page templates in German (formal Sie), typed against English (en.ts). */
export const PAGE_TEMPLATES_DE: PageTemplatesCopy = {
  shared: {
    fields: {
      name: 'Ihr Name',
      email: 'E-Mail-Adresse',
      phone: 'Telefonnummer',
      message: 'Was sollten wir vorab wissen?',
      consentLabel: 'Einwilligung',
    },
    consent: 'Ich bin einverstanden, dass {project} mir dazu E-Mails sendet. Ich kann mich jederzeit abmelden.',
    footer: '© {year} {project}',
    logoAlt: 'Logo von {project}',
    instagram: 'Instagram',
  },
  'lead-magnet': {
    page: { title: 'Gratis-Leitfaden', slug: 'leitfaden' },
    seo: {
      title: 'Gratis-Leitfaden von {project}',
      description: 'Holen Sie sich den Gratis-Leitfaden von {project}: praktische Schritte, Checklisten und Beispiele, direkt in Ihr Postfach.',
    },
    hero: {
      eyebrow: 'Gratis-Leitfaden',
      heading: 'Der praktische Leitfaden für den Einstieg, gratis von {project}',
      subheading: 'Alles, was wir gelernt haben, in klaren Schritten, die Sie noch diese Woche umsetzen können. E-Mail eintragen, fertig.',
      button: 'Leitfaden zusenden',
    },
    features: {
      heading: 'Das steckt drin',
      intro: '',
      items: [
        { title: 'Schritt-für-Schritt-Plan', text: 'Was Sie zuerst, als Zweites und als Drittes tun: klar und ohne Fachchinesisch.' },
        { title: 'Fertige Checklisten', text: 'Ausdrucken oder kopieren und jeden Schritt abhaken.' },
        { title: 'Echte Beispiele', text: 'Wie andere es gemacht haben: was funktioniert hat und was nicht.' },
      ],
    },
    form: {
      title: 'Gratis-Leitfaden anfordern',
      intro: 'Wir senden ihn innerhalb weniger Minuten an Ihr Postfach.',
      submit: 'Leitfaden zusenden',
      success: 'Vielen Dank! Der Leitfaden ist auf dem Weg in Ihr Postfach.',
    },
    faq: {
      heading: 'Gut zu wissen',
      items: [
        { question: 'Ist der Leitfaden wirklich kostenlos?', answer: 'Ja. Sie brauchen nur eine E-Mail-Adresse, um ihn zu erhalten.' },
        { question: 'Senden Sie mir weitere E-Mails?', answer: 'Nur wenn Sie zugestimmt haben, und Sie können sich in jeder E-Mail mit einem Klick abmelden.' },
      ],
    },
  },
  webinar: {
    page: { title: 'Gratis-Webinar', slug: 'webinar' },
    seo: {
      title: 'Gratis-Live-Webinar mit {project}',
      description: 'Seien Sie beim Gratis-Live-Webinar von {project} dabei: praktische Ideen, Fragen live beantwortet und die Aufzeichnung für alle.',
    },
    hero: {
      eyebrow: 'Gratis-Live-Webinar',
      heading: 'Seien Sie live dabei und nehmen Sie einen Plan mit, den Sie nutzen können',
      subheading: 'Fünfundvierzig Minuten mit dem Team von {project}: praktische Ideen, echte Beispiele und Ihre Fragen live beantwortet.',
      button: 'Platz sichern',
    },
    countdown: {
      heading: 'Wir starten in',
      expired: 'Dieses Webinar hat bereits stattgefunden. Melden Sie sich unten für die Aufzeichnung an.',
      button: 'Platz sichern',
    },
    features: {
      heading: 'Das lernen Sie',
      intro: '',
      items: [
        { title: 'Wo Sie anfangen', text: 'Die drei Dinge, die am meisten bewirken, in der richtigen Reihenfolge.' },
        { title: 'Was Sie vermeiden', text: 'Die häufigsten Fehler, und wie Sie sie umgehen.' },
        { title: 'Ihre Fragen', text: 'Die letzten fünfzehn Minuten gehören Ihnen: Fragen Sie, was Sie möchten.' },
      ],
    },
    form: {
      title: 'Platz sichern',
      intro: 'Die Plätze sind begrenzt. Alle Angemeldeten erhalten die Aufzeichnung.',
      submit: 'Platz sichern',
      success: 'Sie sind dabei! Den Link zur Teilnahme haben wir Ihnen per E-Mail gesendet.',
    },
    faq: {
      heading: 'Vor der Anmeldung',
      items: [
        { question: 'Was kostet die Teilnahme?', answer: 'Nichts. Das Webinar ist kostenlos.' },
        { question: 'Was, wenn ich keine Zeit habe?', answer: 'Melden Sie sich trotzdem an: Alle Angemeldeten erhalten die Aufzeichnung.' },
      ],
    },
  },
  launch: {
    page: { title: 'Neuheit', slug: 'neuheit' },
    seo: {
      title: 'Neu von {project}: jetzt erhältlich',
      description: 'Die neueste Neuheit von {project} ist da. Sehen Sie, was neu ist, was es kostet, und bestellen Sie zum Einführungspreis.',
    },
    hero: {
      eyebrow: 'Gerade erschienen',
      heading: 'Etwas Neues von {project}, gemacht für Ihre Arbeitsweise',
      subheading: 'Wir haben Ihnen zugehört und es gebaut. Sehen Sie, was neu ist, und gehören Sie zu den Ersten.',
      button: 'Jetzt bestellen',
    },
    features: {
      heading: 'Was neu ist',
      intro: 'Drei Gründe, warum sich das Warten gelohnt hat.',
      items: [
        { title: 'Vom ersten Tag an einfach', text: 'In Minuten eingerichtet, ohne Handbuch.' },
        { title: 'Gemacht für lange Zeit', text: 'Bessere Materialien und längere Garantie als bisher.' },
        { title: 'Mit unseren Kunden entwickelt', text: 'Jede Änderung geht auf Ihr Feedback zurück.' },
      ],
    },
    pricing: {
      heading: 'Einführungspreis',
      intro: 'Nur in den ersten Wochen.',
      plan: 'Einführungsedition',
      price: '49 €',
      period: 'einmalig',
      description: 'Die komplette Edition zum Einführungspreis.',
      features: ['Alles inklusive', 'Versandkostenfrei', '30 Tage Rückgaberecht'],
      button: 'Jetzt bestellen',
    },
    form: {
      title: 'Jetzt bestellen',
      intro: 'Hinterlassen Sie Ihre Daten, und wir melden uns mit allem, was Sie für Ihre Bestellung brauchen.',
      submit: 'Bestellung anfragen',
      success: 'Vielen Dank! Wir haben Ihre Bestellanfrage erhalten und melden uns in Kürze.',
    },
    faq: {
      heading: 'Fragen zur Neuheit',
      items: [
        { question: 'Wie lange gilt der Einführungspreis?', answer: 'In den ersten Wochen nach dem Start. Wir sagen es hier, bevor er endet.' },
        { question: 'Kann ich es zurückgeben?', answer: 'Ja, innerhalb von 30 Tagen, ohne Begründung.' },
      ],
    },
  },
  sale: {
    page: { title: 'Sale', slug: 'sale' },
    seo: {
      title: 'Der Sale bei {project}: nur für kurze Zeit',
      description: 'Der Sale bei {project} endet bald. Sehen Sie das Angebot, wie viel Sie sparen, und bestellen Sie, bevor der Countdown abläuft.',
    },
    hero: {
      eyebrow: 'Nur für kurze Zeit',
      heading: 'Unser größter Sale der Saison läuft jetzt',
      subheading: 'Sparen Sie bei unseren beliebtesten Produkten, nur wenige Tage lang. Wenn die Uhr abläuft, steigen die Preise wieder.',
      button: 'Angebot sichern',
    },
    countdown: {
      heading: 'Der Sale endet in',
      expired: 'Der Sale ist vorbei. Tragen Sie unten Ihre E-Mail ein, um vom nächsten zu erfahren.',
      button: 'Angebot sichern',
    },
    features: {
      heading: 'Warum jetzt',
      intro: '',
      items: [
        { title: 'Der beste Preis des Jahres', text: 'Günstiger wird es in dieser Saison nicht mehr.' },
        { title: 'Versandkostenfrei', text: 'Für jede Bestellung während des Sales.' },
        { title: 'Einfache Rückgabe', text: 'Anders überlegt? Senden Sie es innerhalb von 30 Tagen zurück.' },
      ],
    },
    form: {
      title: 'Angebot sichern',
      intro: 'Sagen Sie uns, wie wir Sie erreichen, und wir bestätigen Ihre Bestellung zum Sale-Preis.',
      submit: 'Angebot sichern',
      success: 'Vielen Dank! Ihr Angebot ist reserviert, und wir bestätigen es per E-Mail.',
    },
    faq: {
      heading: 'Zum Sale',
      items: [
        { question: 'Wann endet der Sale?', answer: 'Wenn der Countdown oben bei null ankommt.' },
        {
          question: 'Kann ich ihn mit anderen Rabatten kombinieren?',
          answer: 'Der Sale-Preis enthält bereits unseren besten Rabatt und ist nicht kombinierbar.',
        },
      ],
    },
  },
  waitlist: {
    page: { title: 'Warteliste', slug: 'warteliste' },
    seo: {
      title: 'Auf die Warteliste von {project}',
      description: 'Bei {project} kommt bald etwas Neues. Tragen Sie sich in die Warteliste ein, erfahren Sie es zuerst und erhalten Sie frühen Zugang.',
    },
    hero: {
      eyebrow: 'Bald verfügbar',
      heading: 'Seien Sie die Ersten bei dem, was wir als Nächstes bauen',
      subheading: 'Tragen Sie sich in die Warteliste ein, und Sie kommen vor allen anderen rein, mit einem Frühbucher-Angebot nur für Sie.',
      button: 'Auf die Warteliste',
    },
    features: {
      heading: 'Warum jetzt eintragen',
      intro: '',
      items: [
        { title: 'Früher Zugang', text: 'Sie sind vor dem öffentlichen Start dabei.' },
        { title: 'Frühbucher-Angebot', text: 'Ein Einführungsrabatt, reserviert für die Warteliste.' },
        { title: 'Mitreden', text: 'Sagen Sie uns, was Sie brauchen, und gestalten Sie mit.' },
      ],
    },
    form: {
      title: 'Auf die Warteliste',
      intro: 'Eine E-Mail, wenn es so weit ist. Kein Spam.',
      submit: 'Eintragen',
      success: 'Sie stehen auf der Liste! Wir schreiben Ihnen, sobald es so weit ist.',
    },
  },
  event: {
    page: { title: 'Veranstaltung', slug: 'veranstaltung' },
    seo: {
      title: 'Sie sind eingeladen: eine Veranstaltung von {project}',
      description: 'Ein Abend mit {project}: Vorträge, Begegnungen und gutes Essen. Sehen Sie die Details und reservieren Sie Ihren kostenlosen Platz.',
    },
    hero: {
      eyebrow: 'Sie sind eingeladen',
      heading: 'Ein Abend mit {project}',
      subheading: 'Vorträge, Gespräche und gutes Essen mit Menschen, die Ihre Interessen teilen. Die Plätze sind begrenzt: Reservieren Sie jetzt.',
      button: 'Platz reservieren',
    },
    features: {
      heading: 'Die Details',
      intro: '',
      items: [
        { title: 'Wann', text: 'Datum und Uhrzeit erhalten Sie mit Ihrer Bestätigung per E-Mail.' },
        { title: 'Wo', text: 'Den Ort und seine Adresse senden wir Ihnen mit Ihrer Bestätigung.' },
        { title: 'Was Sie erwartet', text: 'Kurze Vorträge, Zeit zum Kennenlernen, Essen und Getränke.' },
      ],
    },
    form: {
      title: 'Platz reservieren',
      intro: 'Kostenlos. Die Bestätigung erhalten Sie per E-Mail.',
      submit: 'Platz reservieren',
      success: 'Ihr Platz ist reserviert! Die Bestätigung ist in Ihrem Postfach.',
      guests: 'Anzahl der Personen',
      guestOptions: ['Nur ich', 'Ich und eine Begleitung', 'Ich und zwei Begleitungen'],
    },
    faq: {
      heading: 'Praktische Fragen',
      items: [
        { question: 'Kostet die Teilnahme etwas?', answer: 'Nein. Die Veranstaltung ist kostenlos, die Plätze sind aber begrenzt.' },
        { question: 'Darf ich jemanden mitbringen?', answer: 'Ja, bis zu zwei Begleitungen: Sagen Sie es uns bei der Reservierung.' },
      ],
    },
  },
  booking: {
    page: { title: 'Termin anfragen', slug: 'termin' },
    seo: {
      title: 'Kostenloses Beratungsgespräch mit {project}',
      description: 'Fragen Sie ein kostenloses, unverbindliches Beratungsgespräch mit {project} an. Wählen Sie eine passende Zeit, wir bestätigen per E-Mail.',
    },
    hero: {
      eyebrow: 'Kostenlose Beratung',
      heading: 'Ihr kostenloses Beratungsgespräch mit {project}',
      subheading: 'Dreißig Minuten über das, was Sie brauchen, unverbindlich. Sagen Sie uns, wann es Ihnen passt, wir bestätigen per E-Mail.',
      button: 'Termin anfragen',
    },
    features: {
      heading: 'So funktioniert es',
      intro: '',
      items: [
        { title: '1. Termin anfragen', text: 'Füllen Sie unten das Formular mit Ihrer bevorzugten Tageszeit aus.' },
        { title: '2. Wir bestätigen', text: 'Innerhalb eines Werktags erhalten Sie eine Bestätigung mit der genauen Uhrzeit.' },
        { title: '3. Wir sprechen', text: 'Per Telefon oder Video: Sie entscheiden.' },
      ],
    },
    form: {
      title: 'Beratungsgespräch anfragen',
      intro: '',
      submit: 'Gespräch anfragen',
      success: 'Vielen Dank! Wir bestätigen Ihren Termin innerhalb eines Werktags per E-Mail.',
      time: 'Bevorzugte Tageszeit',
      timeOptions: ['Vormittags', 'Nachmittags', 'Abends'],
    },
    faq: {
      heading: 'Vor der Buchung',
      items: [
        { question: 'Ist die Beratung wirklich kostenlos?', answer: 'Ja, und sie verpflichtet Sie zu nichts.' },
        { question: 'Kann ich den Termin später ändern?', answer: 'Natürlich: Antworten Sie auf die Bestätigung, und wir finden eine andere Zeit.' },
      ],
    },
  },
  coupon: {
    page: { title: 'Ihr Gutschein', slug: 'gutschein' },
    seo: {
      title: 'Ein Willkommensgutschein von {project}',
      description: 'Holen Sie sich Ihren Willkommensgutschein von {project}: E-Mail eintragen, und wir senden Ihren persönlichen Rabattcode sofort.',
    },
    hero: {
      eyebrow: 'Willkommensgeschenk',
      heading: 'Ihr Willkommensrabatt wartet auf Sie',
      subheading: 'Tragen Sie Ihre E-Mail ein, und wir senden Ihnen einen persönlichen Rabattcode für Ihre erste Bestellung.',
      button: 'Gutschein holen',
    },
    form: {
      title: 'Gutschein anfordern',
      intro: 'Ihr Code kommt innerhalb weniger Minuten per E-Mail.',
      submit: 'Gutschein zusenden',
      success: 'Ihr Gutschein ist unterwegs! Sehen Sie in Ihr Postfach.',
    },
    features: {
      heading: 'So lösen Sie ihn ein',
      intro: '',
      items: [
        { title: 'Postfach öffnen', text: 'Ihr persönlicher Code kommt innerhalb weniger Minuten.' },
        { title: 'Aussuchen', text: 'Der Code gilt für Ihre erste Bestellung.' },
        { title: 'Code eingeben', text: 'Geben Sie ihn an der Kasse ein, und der Rabatt wird abgezogen.' },
      ],
    },
  },
  thanks: {
    page: {
      page: { title: 'Vielen Dank', slug: 'vielen-dank' },
      seo: { title: 'Vielen Dank von {project}', description: 'Vielen Dank für Ihre Nachricht an {project}. So geht es weiter.' },
      hero: { eyebrow: 'Erledigt', heading: 'Vielen Dank, Ihre Nachricht ist angekommen', subheading: 'Wir melden uns bald bei Ihnen. So geht es weiter.' },
      features: {
        heading: 'So geht es weiter',
        intro: '',
        items: [
          { title: 'Postfach prüfen', text: 'Eine Bestätigung ist auf dem Weg zu Ihnen.' },
          { title: 'Wir antworten', text: 'Jemand aus unserem Team meldet sich persönlich bei Ihnen.' },
          { title: 'In Kontakt bleiben', text: 'Speichern Sie unsere Adresse in Ihren Kontakten, damit nichts im Spam landet.' },
        ],
      },
    },
    lead: {
      page: { title: 'Vielen Dank', slug: 'danke' },
      seo: {
        title: 'Ihr Leitfaden ist unterwegs: Danke von {project}',
        description: 'Vielen Dank für Ihre Anforderung des Leitfadens von {project}. Sehen Sie in Ihr Postfach: Er ist unterwegs.',
      },
      hero: {
        eyebrow: 'Postfach prüfen',
        heading: 'Vielen Dank! Ihr Leitfaden ist unterwegs',
        subheading: 'Er sollte in wenigen Minuten ankommen. Falls nicht, sehen Sie bitte im Spam-Ordner nach.',
      },
      features: {
        heading: 'Während Sie warten',
        intro: '',
        items: [
          { title: 'E-Mail öffnen', text: 'Der Download-Link steht in der E-Mail, die wir gerade gesendet haben.' },
          { title: 'Mit Schritt eins beginnen', text: 'Nehmen Sie sich diese Woche zwanzig Minuten für den ersten Schritt.' },
          { title: 'Fragen? Antworten Sie', text: 'Antworten Sie einfach auf die E-Mail: Wir lesen jede Antwort.' },
        ],
      },
    },
    webinar: {
      page: { title: 'Sie sind angemeldet', slug: 'angemeldet' },
      seo: {
        title: 'Sie sind angemeldet: bis bald beim Webinar von {project}',
        description: 'Ihr Platz beim Webinar von {project} ist gesichert. So nehmen Sie teil und so bereiten Sie sich vor.',
      },
      hero: {
        eyebrow: 'Platz gesichert',
        heading: 'Sie sind angemeldet. Bis bald!',
        subheading: 'Der Link zur Teilnahme ist auf dem Weg in Ihr Postfach, mit einer Erinnerung am Tag selbst.',
      },
      features: {
        heading: 'Gut vorbereitet',
        intro: '',
        items: [
          { title: 'In den Kalender eintragen', text: 'Nutzen Sie den Kalender-Link in der Bestätigung.' },
          { title: 'Fragen mitbringen', text: 'Die letzten fünfzehn Minuten sind dafür reserviert.' },
          { title: 'Keine Zeit?', text: 'Kein Problem: Die Aufzeichnung kommt danach in Ihr Postfach.' },
        ],
      },
    },
    order: {
      page: { title: 'Bestellung erhalten', slug: 'bestellung-erhalten' },
      seo: { title: 'Bestellung erhalten: Danke von {project}', description: 'Vielen Dank für Ihre Bestellung bei {project}. So geht es weiter.' },
      hero: {
        eyebrow: 'Bestellung erhalten',
        heading: 'Vielen Dank für Ihre Bestellung!',
        subheading: 'Wir haben Ihre Anfrage zum Sale-Preis und bestätigen alles in Kürze per E-Mail.',
      },
      features: {
        heading: 'So geht es weiter',
        intro: '',
        items: [
          { title: 'Bestätigung', text: 'Sie erhalten eine E-Mail mit Ihren Bestelldaten.' },
          { title: 'Zahlung', text: 'Die E-Mail erklärt, wie Sie zum Sale-Preis bezahlen.' },
          { title: 'Lieferung', text: 'Wir versenden, sobald die Zahlung eingegangen ist.' },
        ],
      },
    },
  },
  'link-in-bio': {
    page: { title: 'Links', slug: 'links' },
    seo: {
      title: '{project}: alle unsere Links',
      description: 'Alles von {project} an einem Ort: unser neuestes Angebot, unser Newsletter und wo Sie uns folgen können.',
    },
    hero: {
      eyebrow: '@{handle}',
      heading: '{project}',
      subheading: 'Willkommen! Alles, was wir auf Instagram teilen, an einem Ort.',
      follow: 'Folgen Sie uns auf Instagram',
      newsletter: 'Newsletter abonnieren',
    },
    cta: {
      heading: 'Unser neuestes Angebot',
      text: 'Erfahren Sie als Erste von neuen Produkten und Angeboten, noch vor allen auf Instagram.',
      button: 'Zuerst informieren',
    },
    form: {
      title: 'Newsletter abonnieren',
      intro: 'Neuigkeiten und Angebote, etwa einmal im Monat.',
      submit: 'Anmelden',
      success: 'Willkommen! Bitte bestätigen Sie Ihre Anmeldung in Ihrem Postfach.',
    },
  },
};
