import {
  Bookmark,
  Brain,
  CalendarCheck,
  BookOpen,
  HandHeart,
  Heart,
  Image,
  MessageSquareQuote,
  NotebookPen,
  Star,
  StickyNote,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import type { SitePath } from '#shared/site-routes.ts';

export const destinationIcons: Partial<Record<SitePath, LucideIcon>> = {
  '/feeling': Heart,
  '/verse-of-day': Sun,
  '/read-bible': BookOpen,
  '/journal': NotebookPen,
  '/saved-verses': Star,
  '/bookmarks': Bookmark,
  '/prayer': HandHeart,
  '/verse-graphics': Image,
  '/testimony': MessageSquareQuote,
  '/plans': CalendarCheck,
  '/memorize': Brain,
  '/notes': StickyNote,
};
