import { CalendarScreen } from '#client/features/calendar/calendar-screen.tsx';

/** `/calendar`: the content calendar of all the user's projects and their iCal feed. */
export default function Calendar() {
  return <CalendarScreen />;
}
