/**
 * product §3: the built-in guided prayers (15, in six categories) and meditation lines (20) shown
 * on /prayer. The wording is original, written for this app.
 */

export const prayerCategories = [
  'Peace & Comfort',
  'Strength & Courage',
  'Gratitude & Praise',
  'Guidance & Wisdom',
  'Forgiveness & Healing',
  'Faith & Trust',
] as const;
export type PrayerCategory = (typeof prayerCategories)[number];

export type GuidedPrayer = {
  title: string;
  /** One line that says what the prayer is for. */
  description: string;
  prayer: string;
  category: PrayerCategory;
};

export const guidedPrayers: readonly GuidedPrayer[] = [
  {
    title: 'A Prayer for a Quiet Heart',
    description: 'For when your thoughts will not settle and worry crowds in.',
    category: 'Peace & Comfort',
    prayer:
      'Lord, my mind is loud today and my heart is restless. I bring You the worries I keep turning over, the conversations I replay and the problems I cannot solve tonight. Quiet me the way a parent quiets a tired child. Remind me that You are near, that You never sleep, and that nothing I face is hidden from You. Teach me to breathe slowly and to rest in Your care instead of my own control. Let Your peace, the peace that does not depend on how things turn out, stand guard over my heart and my thoughts. I lay these burdens down at Your feet, and I choose to leave them there. Thank You for holding what I cannot carry. In Jesus’ name, amen.',
  },
  {
    title: 'Comfort in Grief',
    description: 'For a heart that is grieving a loss, large or small.',
    category: 'Peace & Comfort',
    prayer:
      'Father, I am hurting, and some days the sadness feels heavier than I can bear. You know every tear I have cried, even the ones no one else has seen. Thank You that You do not ask me to pretend I am fine. Sit with me in this sorrow. Be close to my broken heart, as You have promised to be. When the memories come, let them come with gratitude as well as pain. When I feel alone, remind me that You are the God of all comfort and that You are still here. Give me strength for the small tasks of each day, and people who will walk beside me. Hold on to me when I cannot hold on to You, and carry me toward the morning. Amen.',
  },
  {
    title: 'Rest at the End of the Day',
    description: 'An evening prayer to release the day and sleep in peace.',
    category: 'Peace & Comfort',
    prayer:
      'Gracious God, this day is nearly over, and I give it back to You. Thank You for every good gift it held, the noticed ones and the ones I rushed past. Where I fell short, forgive me. Where I was hurt, heal me. Where things are left unfinished, help me trust that they are safe in Your hands until morning. Calm my body and my mind. Keep watch over my home and the people I love, wherever they are tonight. Let me lie down without fear and sleep without restless thoughts, knowing that You alone keep me safe. When I wake, let my first thought turn toward You with a thankful heart. Into Your hands I place this night. Amen.',
  },
  {
    title: 'Courage for Today',
    description: 'For facing something hard that you would rather avoid.',
    category: 'Strength & Courage',
    prayer:
      'Lord, there is something in front of me today that I am afraid of. My stomach is tight and my courage feels thin. You told Your people again and again not to be afraid, because You would go with them. Go with me now. Give me the strength to take the next step, even if it is a small one. Steady my voice, clear my mind and help me do what is right rather than what is easy. If I stumble, lift me up. If the outcome is not what I hoped, remind me that my worth rests in You and not in my success. Let me walk into this day knowing I am not alone, because You are with me wherever I go. Amen.',
  },
  {
    title: 'Strength When I Am Weary',
    description: 'For the seasons when you feel worn out and empty.',
    category: 'Strength & Courage',
    prayer:
      'Father, I am tired in ways that sleep does not fix. I have been giving and carrying and pushing on, and now there is little left. I confess I have tried to do too much in my own strength. Renew me, Lord. You give power to the weak and new strength to those who wait for You. I am waiting now. Lift my eyes from the long road ahead and fix them on You. Show me what I can set down and what I must keep carrying, and give me grace for each. Send rest, send help and send small mercies I will recognise as coming from You. Let me rise again, not because I am strong, but because You are faithful. Amen.',
  },
  {
    title: 'Standing Firm Under Pressure',
    description: 'For staying true to what is right when it costs something.',
    category: 'Strength & Courage',
    prayer:
      'God of truth, I feel pressure today to go along with what I know is not right. It would be easier to stay quiet or to bend a little. Give me a steady heart. Help me stand firm with kindness rather than pride, and with humility rather than fear of what others think. Let my words be honest and my actions match what I believe. Guard me from anger toward those who disagree, and keep me from judging them harshly. When I feel alone in doing right, remind me of the many who have walked this path before me and of Christ, who stood firm for my sake. Make me faithful in small things, so that I can be faithful in great ones. Amen.',
  },
  {
    title: 'Thanks for Everyday Gifts',
    description: 'To notice and give thanks for the ordinary blessings of life.',
    category: 'Gratitude & Praise',
    prayer:
      'Generous God, thank You. Thank You for breath in my lungs, for the light of this morning, for food on the table and for water to drink. Thank You for the people who make me laugh, for the ones who forgive me, and for the ones who simply stay. Thank You for work to do and for rest when it is done. So often I notice what is missing and overlook what is here. Open my eyes to the gifts hidden in ordinary moments: a kind word, a warm cup in my hands, a quiet walk. Let gratitude shape how I speak and how I treat others today. Every good thing I have comes from Your hand, and I praise You for Your goodness. Amen.',
  },
  {
    title: 'Praise for Who You Are',
    description: 'Worship that simply delights in the goodness of God.',
    category: 'Gratitude & Praise',
    prayer:
      'Holy God, I come today not to ask for anything, but to praise You. You are the maker of the mountains and the oceans, of the smallest flower and the farthest star. You are faithful when I am not. You are patient with me, slow to anger and full of steadfast love. Your mercy is new every morning. You came near to us in Jesus, and You did not turn away from our pain. You are light, and in You there is no darkness at all. Let my whole life become a song of thanks to You. May my words, my work and my quiet moments all say that You are good. To You belong all honour and glory, now and forever. Amen.',
  },
  {
    title: 'Wisdom for a Decision',
    description: 'For when you face a choice and cannot see the way clearly.',
    category: 'Guidance & Wisdom',
    prayer:
      'Lord, I have a decision to make, and I do not know which way is right. You promise wisdom to anyone who asks, without finding fault, so I am asking now. Quiet the voices of fear, pride and impatience within me so that I can hear You. Show me what matters most. Bring wise counsel into my path and give me the humility to listen. If one door should close, close it; if another should open, give me courage to walk through it. Help me choose what honours You and loves others well, not only what seems comfortable. And once I have chosen, give me peace to trust You with whatever follows. Guide my steps, for I want to follow You. Amen.',
  },
  {
    title: 'Light for the Path',
    description: 'For direction when the road ahead is uncertain.',
    category: 'Guidance & Wisdom',
    prayer:
      'Father, I cannot see very far ahead right now. The future feels unclear, and I want more answers than I have. Thank You that Your word is a lamp to my feet and a light to my path. I do not need to see the whole road; I need only enough light for the next step. Give me that light today. Help me be faithful in what is in front of me and patient with what is not yet revealed. Keep me from rushing ahead of You or lagging behind in fear. When I wander, call me back gently. Let my plans be held loosely in an open hand, and let Your good purposes be done in my life. I will follow where You lead. Amen.',
  },
  {
    title: 'A Listening Heart',
    description: 'To slow down and be ready to hear God and others.',
    category: 'Guidance & Wisdom',
    prayer:
      'Lord, I talk so much, even in my prayers. Today I want to listen. Slow me down. Turn my attention away from my lists and worries and toward You. Speak to me through Your word, through the quiet, and through the people You put in my path. Give me ears to hear what is true, even when it is not what I want to hear. Make me quick to listen, slow to speak and slow to become angry. Help me notice the person who needs a kind word and the moment that calls for silence. Let my decisions grow out of time spent with You rather than out of hurry. Here I am, Lord. I am listening. Amen.',
  },
  {
    title: 'Asking for Forgiveness',
    description: 'For an honest confession and a fresh start.',
    category: 'Forgiveness & Healing',
    prayer:
      'Merciful God, I come to You honestly. I have done things I regret and left undone things I should have done. I have spoken carelessly and held on to pride. I do not want to hide from You or make excuses. Thank You that when I confess my sins, You are faithful and just to forgive them and to make me clean. Wash me, Lord, and give me a new heart. Help me make things right where I can, with humility and without delay. Where I cannot undo the harm, bring healing that only You can bring. Free me from shame, because Christ has carried it for me. Let me walk forward today as someone forgiven, loved and made new. Amen.',
  },
  {
    title: 'Healing for Body and Soul',
    description: 'For those who are sick, in pain, or wounded inside.',
    category: 'Forgiveness & Healing',
    prayer:
      'Lord Jesus, You touched the sick and they were made well. You saw the people others ignored and You healed wounds that were both seen and unseen. I bring You the pain I carry today, in my body and in my heart. Bring healing, Lord, in Your way and in Your time. Give wisdom to the doctors and caregivers, patience in the waiting, and courage on the hard days. Where old hurts still ache, soften the memories and help me forgive those who caused them. Where bitterness has taken root, pull it out gently. Whatever happens, let me know that I am held by You and that no pain is beyond Your reach. Make me whole. Amen.',
  },
  {
    title: 'Trusting You with Tomorrow',
    description: 'For letting go of the need to know how things will turn out.',
    category: 'Faith & Trust',
    prayer:
      'Faithful God, I like to know what comes next, and right now I do not. I confess that I worry about tomorrow as if it depended on me alone. You feed the birds and clothe the fields with flowers, and You know what I need before I ask. Help me trust You with the things I cannot control: my future, my finances, the people I love. Teach me to seek Your kingdom first and to let tomorrow take care of itself. When fear returns, and it will, bring me back to this moment and to Your presence in it. You have been faithful in every season so far, and I choose to believe that You will be faithful again. Amen.',
  },
  {
    title: 'When Faith Feels Small',
    description: 'For seasons of doubt, silence and unanswered prayer.',
    category: 'Faith & Trust',
    prayer:
      'Lord, I believe; help my unbelief. Some days my faith feels strong, and other days it feels like a tiny seed. Right now it is small. My prayers seem to go unanswered and You seem quiet. Thank You that You are not troubled by my honest questions. Meet me in this place of doubt. Remind me of the times You carried me before. Let me lean on the faith of others when my own runs low, and give me friends who will pray for me. Help me keep showing up, reading Your word and speaking to You, even when I feel little. I trust that a seed can grow into something strong. Hold me fast, for You are faithful even when I am not. Amen.',
  },
];

/** product §3: short lines to dwell on, inspired by Scripture. */
export const meditations: readonly string[] = [
  'Be still, and let the noise settle. God is near.',
  'His mercies are new this morning, and so is your strength.',
  'You are held by hands that never grow tired.',
  'Breathe in grace; breathe out worry.',
  'The Lord is your shepherd; you have what you need today.',
  'Cast every care on Him, because He cares for you.',
  'Nothing can separate you from the love of God.',
  'In quietness and trust you will find your strength.',
  'His light is enough for the next step.',
  'You are known by name and loved without condition.',
  'Let the peace of Christ settle over your heart.',
  'Those who wait on the Lord will rise on wings like eagles.',
  'His grace is enough, and His power shines in weakness.',
  'Come to Him, weary one, and find rest for your soul.',
  'Where the Spirit of the Lord is, there is freedom.',
  'Taste and see that the Lord is good.',
  'Give thanks in all things; He is still working.',
  'Perfect love casts out fear. You are loved.',
  'The One who began a good work in you will finish it.',
  'Abide in Him, as a branch rests in the vine.',
];
