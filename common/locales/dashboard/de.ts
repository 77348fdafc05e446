import type { Translation } from '#common/i18n/catalog.ts';
import type { en } from '#common/locales/dashboard/en.ts';

export const de: Translation<typeof en> = {
  // /dashboard
  'dashboard.greeting': '{time, select, morning {Guten Morgen} afternoon {Guten Tag} other {Guten Abend}}, {name}',
  'dashboard.description': 'Das passiert gerade in Ihren Projekten.',
  'dashboard.loading': 'Ihre Übersicht wird geladen',
  'dashboard.loadFailed': 'Ihre Übersicht konnte nicht geladen werden',

  // /dashboard: the figures
  'dashboard.credits.label': 'Credits',
  'dashboard.credits.hint': '{monthly} monatlich · {purchased} gekauft · erneuert am {date}',
  'dashboard.credits.low': 'Fast aufgebraucht: Kaufen Sie ein Paket oder wechseln Sie den Tarif',
  'dashboard.approval.label': 'Anzeigen in Freigabe',
  'dashboard.approval.hint': '{count, plural, one {# Bewertung} other {# Bewertungen}} zu Ihren Anzeigen',
  'dashboard.posts.label': 'Instagram-Beiträge',
  'dashboard.posts.hint': '{scheduled} geplant · {published} veröffentlicht · ',
  'dashboard.posts.failed': '{count} fehlgeschlagen',
  'dashboard.posts.noneFailed': 'keiner fehlgeschlagen',
  'dashboard.visits.label': 'Funnel-Besuche · 7 Tage',
  'dashboard.visits.leads': '{count, plural, one {# Lead} other {# Leads}}',
  'dashboard.visits.chart': 'Besuche und Leads pro Tag in den letzten 7 Tagen: {days}',
  'dashboard.visits.day': '{views, plural, one {# Besuch} other {# Besuche}}, {leads, plural, one {# Lead} other {# Leads}}',
  'dashboard.visits.series': 'Besuche',
  'dashboard.leads.series': 'Leads',
  'dashboard.earnings.label': 'Partner\u00ADprovisionen',
  'dashboard.earnings.hint': '{available} verfügbar · {pending} zurückgehalten',

  // /dashboard: recent projects
  'dashboard.projects.title': 'Neueste Projekte',
  'dashboard.projects.unlimited': 'Unbegrenzt viele aktive Projekte im Tarif {plan}',
  'dashboard.projects.owned': 'Ihnen gehören {owned} von {limit} aktiven Projekten im Tarif {plan}',
  'dashboard.projects.empty': 'Noch keine Projekte',
  'dashboard.projects.emptyText': 'Jeder Kunde erhält ein Projekt mit seinem Markenkit und seinen Medien.',
  'dashboard.projects.create': 'Projekt anlegen',
  'dashboard.projects.row':
    '{files, plural, one {# Datei} other {# Dateien}} · {role, select, owner {Inhaber} editor {Bearbeiter} viewer {Betrachter} other {{role}}}',
  'dashboard.projects.all': 'Alle Projekte',

  // /dashboard: recent creations
  'dashboard.creations.title': 'Neueste Renderings',
  'dashboard.creations.empty': 'Noch nichts gerendert',
  'dashboard.creations.emptyText': 'Gerenderte Creatives erscheinen hier, bereit zum Herunterladen oder für eine Anzeige.',
  'dashboard.creations.open': 'Ihre Creatives öffnen',
  'dashboard.creations.download': '{name} herunterladen',
  'dashboard.creations.all': 'Alle Renderings',

  // /dashboard: ads and posts
  'dashboard.ads.title': 'Anzeigen und Beiträge',
  'dashboard.ads.description':
    'Was auf die Freigabe Ihrer Kunden wartet, geplante und fehlgeschlagene Beiträge und die Bewertungen zu den Anzeigen jedes Projekts.',
  'dashboard.ads.empty': 'Keine Anzeigen in Freigabe',
  'dashboard.ads.emptyText': 'Teilen Sie den Vorschaulink einer Anzeige mit Ihrem Kunden: Freigabe und Kommentare erscheinen hier.',
  'dashboard.ads.waiting': '{count} in Freigabe',
  'dashboard.ads.scheduled': '{count} geplant',
  'dashboard.ads.failed': '{count} fehlgeschlagen',
  'dashboard.ads.reviews': '{count, plural, one {# Bewertung} other {# Bewertungen}}',

  // /dashboard: funnels this week
  'dashboard.funnels.title': 'Funnels diese Woche',
  'dashboard.funnels.description': '{count, plural, one {# Funnel} other {# Funnels}} · die meistbesuchten',
  'dashboard.funnels.empty': 'Noch keine Funnels',
  'dashboard.funnels.emptyText': 'Landingpages, auf die Besucher über Ihre Anzeigen kommen, mit ihren Besuchen und Leads.',
  'dashboard.funnels.create': 'Funnel anlegen',
  'dashboard.funnels.row': '{project} · {views, plural, one {# Besuch} other {# Besuche}} · {leads, plural, one {# Lead} other {# Leads}}',
  'dashboard.funnels.chart': '{funnel}: Besuche pro Tag in den letzten 7 Tagen',

  // /dashboard: first steps (client/app/first-steps.tsx)
  'dashboard.firstSteps.title': 'Erste Schritte',
  'dashboard.firstSteps.done': '{done} von {total} erledigt',
  'dashboard.firstSteps.progress': 'Erledigte erste Schritte',
  'dashboard.firstSteps.progressValue': '{done} von {total}',
  'dashboard.firstSteps.hide': 'Ausblenden',
  'dashboard.firstSteps.stepDone': ' (erledigt)',
  'dashboard.firstSteps.stepToDo': ' (offen)',
  'dashboard.firstSteps.brandKit.title': 'Markenkit einrichten',
  'dashboard.firstSteps.brandKit.hint': 'Logo, Farben, Schriften und Tonalität, ausgelesen von der Website Ihres Kunden.',
  'dashboard.firstSteps.brandKit.open': 'Markenkit öffnen',
  'dashboard.firstSteps.brandKit.first': 'Ersten Kunden anlegen',
  'dashboard.firstSteps.creative.title': 'Ihr erstes Creative erstellen',
  'dashboard.firstSteps.creative.hint': 'Beginnen Sie mit einer Vorlage: Sie übernimmt die Farben und Schriften des Markenkits.',
  'dashboard.firstSteps.creative.action': 'Creative erstellen',
  'dashboard.firstSteps.approvedAd.title': 'Eine Anzeige freigeben lassen',
  'dashboard.firstSteps.approvedAd.hint': 'Senden Sie Ihrem Kunden den Vorschaulink: Er gibt ohne Konto frei.',
  'dashboard.firstSteps.approvedAd.action': 'Freigabe anfragen',
  'dashboard.firstSteps.livePage.title': 'Eine Funnel-Seite live schalten',
  'dashboard.firstSteps.livePage.hint': 'Eine Landingpage für die Anzeige, mit einem Formular, das Leads sammelt.',
  'dashboard.firstSteps.livePage.action': 'Seite bauen',
  'dashboard.firstSteps.presentation.title': 'Mit einer Präsentation pitchen',
  'dashboard.firstSteps.presentation.hint': 'Eine persönliche Seite für einen neuen Kunden, mit Ihren besten Arbeiten in seiner Marke.',
  'dashboard.firstSteps.presentation.action': 'Präsentation schreiben',
  'dashboard.firstSteps.sample': 'Mit einem Beispielprojekt starten',
  'dashboard.firstSteps.sampleMaking': 'Beispiel wird erstellt …',
  'dashboard.firstSteps.sampleFailed': 'Das Beispielprojekt konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',

  // /creatives and /funnels while empty (client/app/all-projects-empty.tsx)
  'dashboard.allProjectsEmpty.title': '{kind, select, creatives {Noch keine Creatives} other {Noch keine Funnels}}',
  'dashboard.allProjectsEmpty.noProjects':
    '{kind, select, creatives {Creatives} other {Funnels}} gehören zu einem Projekt: Legen Sie zuerst eines für Ihren Kunden an, mit seinem Markenkit.',
  'dashboard.allProjectsEmpty.createProject': 'Projekt anlegen',
  'dashboard.allProjectsEmpty.viewer':
    '{kind, select, creatives {Creatives} other {Funnels}} aus Ihren Projekten erscheinen hier. Als Betrachter können Sie sie ansehen, aber nicht erstellen.',
  'dashboard.bestPosts.title': 'Die besten Beiträge der letzten 30 Tage',
  'dashboard.bestPosts.description': 'Nach Interaktionen (Likes, Kommentare, Speicherungen und geteilte Beiträge), von Instagram',
  'dashboard.bestPosts.empty': 'Noch keine Zahlen',
  'dashboard.bestPosts.emptyText': 'Veröffentlichen Sie eine Anzeige auf Instagram: Reichweite und Interaktionen erscheinen hier innerhalb einer Stunde.',
  'dashboard.bestPosts.noCaption': 'Ohne Bildunterschrift',
  'dashboard.bestPosts.figures': '{reach} erreicht · {engagement} Interaktionen',
};
