import {
  Bookmark,
  BookOpen,
  HandHeart,
  Heart,
  Image,
  MessageSquareQuote,
  NotebookPen,
  Search,
  ShieldCheck,
  Star,
  Sun,
  Users,
  type LucideIcon,
} from 'lucide-react';

export type FeatureCard = {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  /** Where the card leads a visitor who is not signed in, when that differs (product §1). */
  signedOutTo?: string;
};

export const quickAccess: FeatureCard[] = [
  { title: "Today's Verse", description: 'A verse to carry today', to: '/verse-of-day', icon: Sun },
  {
    title: 'Journal',
    description: 'Write what is on your heart',
    to: '/journal',
    signedOutTo: '/auth',
    icon: NotebookPen,
  },
  {
    title: 'Search Bible',
    description: 'Find any passage or word',
    to: '/read-bible',
    icon: Search,
  },
  { title: 'Prayer', description: 'Guided prayer and stillness', to: '/prayer', icon: HandHeart },
];

export const publicFeatures: FeatureCard[] = [
  {
    title: 'Verses for How You Feel',
    description:
      'Tell us how you are feeling in your own words and receive a verse that speaks to it.',
    to: '/feeling',
    icon: Heart,
  },
  {
    title: 'Verse of the Day',
    description: 'Begin each morning with one verse and a theme to reflect on through the day.',
    to: '/verse-of-day',
    icon: Sun,
  },
  {
    title: 'Read the Whole Bible',
    description:
      'All 66 books in the King James Version, the World English Bible and the American Standard Version, side by side if you like, with fast search.',
    to: '/read-bible',
    icon: BookOpen,
  },
  {
    title: 'Prayer & Meditation',
    description: 'Guided prayers, quiet meditations and a prayer timer to help you be still.',
    to: '/prayer',
    icon: HandHeart,
  },
  {
    title: 'Verse Graphics',
    description: 'Turn a verse into a beautiful image to keep or share with someone who needs it.',
    to: '/verse-graphics',
    icon: Image,
  },
  {
    title: 'Testimonies',
    description: 'Read how God has met others in their hardest and happiest moments.',
    to: '/testimony',
    icon: MessageSquareQuote,
  },
];

export const personalFeatures: FeatureCard[] = [
  {
    title: 'Private Journal',
    description: 'Record your thoughts, feelings and prayers. Only you can ever read them.',
    to: '/journal',
    icon: NotebookPen,
  },
  {
    title: 'Saved Verses',
    description: 'Keep the verses that meet you, and find them again by theme or word.',
    to: '/saved-verses',
    icon: Star,
  },
  {
    title: 'Bookmarks & Progress',
    description: 'Bookmark chapters and see how far you have read, on every device.',
    to: '/bookmarks',
    icon: Bookmark,
  },
  {
    title: 'Share Your Testimony',
    description: 'Tell what God reminded you of, by name or anonymously, to encourage others.',
    to: '/testimony',
    icon: MessageSquareQuote,
  },
];

export const reasons: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Scripture at the center',
    description:
      'Every verse comes straight from the King James Bible, never paraphrased, so you can trust what you read.',
    icon: BookOpen,
  },
  {
    title: 'Private by design',
    description:
      'Your journal and prayers are yours alone. We never sell your data, and you can export or delete it at any time.',
    icon: ShieldCheck,
  },
  {
    title: 'Free for everyone',
    description:
      'Start without an account. Create one, free, when you want to keep your progress and personal notes.',
    icon: Users,
  },
];
