// The sample content of demo mode: what a small Indian support desk's site holds after a few months. People,
// numbers and messages are made up; emails use the reserved example domains.

import type { BlogPostInput } from '../../shared/contracts/blog.ts';
import type { ContactInquiryCreateInput } from '../../shared/contracts/contact-inquiry-form.ts';
import type { InquiryStatus } from '../../shared/rules/contact-inquiries.ts';
import { DAY_MS, MINUTE_MS } from '../../shared/time.ts';
import { demoPicturePath } from './demo-pictures.ts';

const IST_OFFSET_MS = 330 * MINUTE_MS;

/** A moment relative to the app's clock at seeding time (milliseconds since the epoch). */
export type SampleTime = (now: number) => number;

/** `days` days before today, at `time` on an Indian clock; at least a day ago, so never in the future. */
function daysAgo(days: number, time: string): SampleTime {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return (now) => {
    const todayIst = Math.floor((now + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
    return todayIst - days * DAY_MS + (hours * 60 + minutes) * MINUTE_MS;
  };
}

const minutesAgo =
  (minutes: number): SampleTime =>
  (now) =>
    now - minutes * MINUTE_MS;

/** Where the posts' pictures are: Vite copies public/demo/blog/ into the build (scripts/demo-images.ts). */
const picture = demoPicturePath;

/** The Settings screen's marketing figures of the demo; a new site has none (decision 053). */
export const DEMO_FIGURES = { usersCount: '50K+', rating: '4.8' } as const;

/** Who wrote the demo's posts, as a byline names the author (the post's creator's display name). */
export const DEMO_POST_AUTHOR = 'Neha Kapoor';

export interface DemoBlogPost {
  /** As the admin's form would send it (checked by the same schema). */
  values: BlogPostInput;
  written: SampleTime;
  views: number;
}

/** Oldest first, the order an admin would have written them. */
export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    written: daysAgo(84, '11:30'),
    views: 912,
    values: {
      title: 'How to reach us on WhatsApp',
      slug: 'how-to-reach-us-on-whatsapp',
      category: 'Other',
      image: picture('reach-us-on-whatsapp'),
      isPublished: true,
      description:
        'Save our number, say who you are and what you need in one message, and you will hear back during business hours. Here is how.',
      content: `Most of our customers talk to us on WhatsApp, and it is the quickest way to get an answer. A few small things make sure your message reaches the right person the first time.

## Save our number first

Add **+91 98765 43210** to your phone contacts as "Sampark Support". WhatsApp shows a business's name only once the number is saved, and you will find the chat again in seconds.

## What to write in your first message

- your name and city;
- your ID, if you already have one (never your password);
- what you need, in one or two lines: a new ID, a password reset, a payment question.

A screenshot helps when something on your screen looks wrong.

## When we answer

We reply from 9 AM to 8 PM on weekdays and from 10 AM to 6 PM on Saturdays. Messages sent at night are answered in the order they arrived, first thing in the morning. Sending the same message again does not move it up the queue; it only makes the queue longer for everyone.

## Other ways to reach us

If WhatsApp is not working for you, call us on the same number, write to [@sampark_support](https://t.me/sampark_support) on Telegram, or use the [contact form](/contact).`,
    },
  },
  {
    written: daysAgo(61, '10:15'),
    views: 1318,
    values: {
      title: 'Withdrawals explained: timings, UPI and what to send us',
      slug: 'withdrawals-explained',
      category: 'Technology',
      image: picture('withdrawals-explained'),
      isPublished: true,
      description:
        'When a withdrawal reaches your bank, why it can take longer on holidays, and the three details that let us trace a late one in minutes.',
      content: `Withdrawals are the question we are asked most, so here is everything in one place.

## How long it takes

Most withdrawals reach your bank account within **2 hours** on working days. Requests made after 8 PM, on Sundays or on bank holidays are sent on the next working morning, because the banks settle them then.

## UPI or bank transfer

Both work. UPI is usually faster; make sure the UPI ID is in **your own name**. A payment to an account in another person's name is returned by the bank, and that takes 5 to 7 working days.

## When a withdrawal is late

Send us these three things on WhatsApp and we can trace it in minutes:

1. your ID;
2. the amount and the date of the request;
3. a screenshot of the request's status.

If the bank shows a **UTR number** (the 12-digit transfer reference), add it: your bank can look it up too.

## One rule that never changes

We never ask for a fee, a "tax" or a deposit to release a withdrawal. Anyone who does is not us: please report the number to us.`,
    },
  },
  {
    written: daysAgo(45, '12:00'),
    views: 734,
    values: {
      title: 'Never share your OTP: how to spot fake support numbers',
      slug: 'never-share-your-otp',
      category: 'Technology',
      image: picture('never-share-your-otp'),
      isPublished: true,
      description:
        'Our team never asks for your password or a one-time code. Four signs that a "support" call or message is fake, and what to do about it.',
      content: `Every month a few customers tell us about calls from people pretending to be our support team. The goal is always the same: your password or a one-time code (OTP).

## What we will never do

- ask for your password, your OTP or your UPI PIN;
- ask you to install a screen-sharing app;
- call you from a number that is not on our [contact page](/contact);
- ask you to pay anything to unlock your ID or a withdrawal.

## Four signs of a fake

1. **Hurry.** "Your ID will be blocked in 10 minutes" is pressure, not support.
2. **A new number.** Our numbers are listed on this site and do not change from week to week.
3. **A link to a site that looks almost like ours.** Check the address before you type anything.
4. **A request for a code you just received.** That code is the key to your account.

## If it already happened

Change your password at once, then message us on WhatsApp from your registered number. We can lock your ID while we sort it out with you.`,
    },
  },
  {
    written: daysAgo(33, '09:45'),
    views: 388,
    values: {
      title: 'Our support hours during Diwali week',
      slug: 'diwali-support-hours',
      category: 'News',
      image: picture('festival-support-hours'),
      isPublished: true,
      description:
        'Shorter hours for the festival days, what happens to messages and withdrawals meanwhile, and when we are back to normal. Happy Diwali!',
      content: `Our team is celebrating with their families too, so support runs on shorter hours during Diwali week.

| Days | WhatsApp and phone |
|---|---|
| Dhanteras and Choti Diwali | 10 AM to 4 PM |
| Lakshmi Puja | closed |
| Govardhan Puja and Bhai Dooj | 12 PM to 6 PM |

## Messages

Send your messages as usual. Those sent while we are closed are answered the next morning, oldest first.

## Withdrawals

Banks are closed on Lakshmi Puja, so withdrawals requested that day are sent the next working morning. Nothing is lost and you do not need to request again.

Wishing you and your family a happy and safe Diwali!`,
    },
  },
  {
    written: daysAgo(18, '16:20'),
    views: 276,
    values: {
      title: 'Big match tonight? Why our replies can take longer',
      slug: 'match-day-replies',
      category: 'Sports',
      image: picture('match-day-replies'),
      isPublished: true,
      description:
        'On big cricket evenings our WhatsApp queue can grow five times longer. How we handle the rush and how to get your answer sooner.',
      content: `On the evening of a big cricket match, three things happen at once: many more of you sign in, more of you ask us something, and everyone wants the answer before the first ball.

## What we do

On match days two more people join the support team from 6 PM, and we answer password resets first, since they stop you from signing in.

## How you can help

- **Send one message** with everything in it, instead of several short ones.
- **Ask early.** If you need a new ID for tonight, message us in the afternoon.
- **Check the guides** on our home page: signing in and resetting a password are covered step by step.

Replies may still take up to an hour at the busiest moment, usually just before the toss. Thank you for your patience, and enjoy the match!`,
    },
  },
  {
    written: daysAgo(6, '13:10'),
    views: 143,
    values: {
      title: 'Waiting for a reply? Play tic-tac-toe against our robot',
      slug: 'play-tic-tac-toe',
      category: 'Entertainment',
      image: picture('take-a-break-tic-tac-toe'),
      isPublished: true,
      description:
        'Our site has a small game: tic-tac-toe against a robot with five levels, from Beginner to Expert. Can you beat it?',
      content: `While you wait for our reply, try the small game on our site: [tic-tac-toe against our robot](/tictactoe).

- Pick a level from **Beginner** to **Expert**.
- You play X and move first; the robot answers as O.
- Your wins, losses and draws are counted, and a winning streak gets a banner.

A little secret: at Expert level the robot never loses. The best you can do is a draw. Our support team's record so far is 14 draws in a row.

The game runs entirely in your browser: nothing is sent to us and nothing is stored.`,
    },
  },
  {
    written: daysAgo(2, '18:05'),
    views: 0,
    values: {
      title: 'Holi support hours',
      slug: 'holi-support-hours',
      category: 'News',
      image: picture('festival-support-hours'),
      isPublished: false,
      description: 'Support is closed on Holi and opens at noon the day after. Happy Holi!',
      content: `Support is closed on the day of Holi and opens at 12 PM the day after.

Withdrawals requested on Holi are sent on the next working morning.

Play safe and have a colourful Holi!`,
    },
  },
];

export interface DemoInquiry {
  values: Omit<ContactInquiryCreateInput, 'website'>;
  sent: SampleTime;
  status: InquiryStatus;
  /** Not opened yet by anyone in the back office. */
  unread?: boolean;
}

function inquiry(
  sent: SampleTime,
  status: InquiryStatus,
  [name, city, phone, email]: [string, string, string, string],
  service: ContactInquiryCreateInput['service'],
  query: string,
  unread = false,
): DemoInquiry {
  return { sent, status, unread, values: { name, city, phone, email, service, query } };
}

/** Forty messages over the last four weeks, oldest first: older ones dealt with, the newest still waiting. */
export const DEMO_INQUIRIES: readonly DemoInquiry[] = [
  inquiry(
    daysAgo(28, '10:12'),
    'closed',
    ['Rahul Verma', 'Lucknow', '+91 98391 20457', 'rahul.verma@example.com'],
    'technical-support',
    'I got my ID on WhatsApp yesterday but the password is not working. I typed it exactly as it was sent. Please check.',
  ),
  inquiry(
    daysAgo(27, '11:40'),
    'resolved',
    ['Priya Sharma', 'Jaipur', '+91 94140 63218', 'priya.sharma@example.com'],
    'financial-advisory',
    'My withdrawal of ₹2,500 from three days ago still shows "processing". The UPI ID is correct. Please check and update me.',
  ),
  inquiry(
    daysAgo(27, '19:05'),
    'resolved',
    ['Mohammed Irfan', 'Hyderabad', '+91 99490 31775', 'irfan.m@example.net'],
    'business-consultation',
    'I run a mobile recharge shop and many customers ask about your service. Can I become an agent for you in Hyderabad?',
  ),
  inquiry(
    daysAgo(26, '13:22'),
    'resolved',
    ['Gurpreet Singh', 'Ludhiana', '+91 98154 77012', 'gurpreet.singh@example.com'],
    'technical-support',
    'Number change karna hai. Purana SIM band ho gaya, naye number pe ID shift kar do please.',
  ),
  inquiry(
    daysAgo(24, '09:48'),
    'closed',
    ['Sneha Patil', 'Pune', '+91 97652 18840', 'sneha.patil@example.org'],
    'other',
    'Is there a way to get a monthly statement of my account as a PDF? I need it for my records.',
  ),
  inquiry(
    daysAgo(24, '16:30'),
    'resolved',
    ['Arjun Nair', 'Kochi', '+91 94470 52361', 'arjun.nair@example.com'],
    'technical-support',
    "The site does not open properly in my old phone's browser (Android 8). The menu button does nothing.",
  ),
  inquiry(
    daysAgo(23, '12:05'),
    'resolved',
    ['Fatima Sheikh', 'Mumbai', '+91 98200 44915', 'fatima.sheikh@example.com'],
    'financial-advisory',
    'I deposited through UPI but the amount did not reflect in my account. UTR number 402918375561. I sent the screenshot on WhatsApp too.',
  ),
  inquiry(
    daysAgo(22, '20:14'),
    'closed',
    ['Vikram Reddy', 'Bengaluru', '+91 99860 27743', 'vikram.reddy@example.net'],
    'digital-marketing',
    'I have a YouTube channel on cricket with 80K subscribers. Interested in a paid collaboration for the coming season.',
  ),
  inquiry(
    daysAgo(21, '10:55'),
    'resolved',
    ['Pooja Gupta', 'Delhi', '+91 98110 90362', 'pooja.gupta@example.com'],
    'technical-support',
    'Forgot my password. I am messaging from my registered number on WhatsApp but there has been no reply since morning.',
  ),
  inquiry(
    daysAgo(21, '15:37'),
    'resolved',
    ['Sandeep Yadav', 'Patna', '+91 94310 58827', 'sandeep.yadav@example.com'],
    'financial-advisory',
    'My withdrawal was rejected with "account name mismatch". The bank account is in my father\'s name. What should I do?',
  ),
  inquiry(
    daysAgo(19, '11:18'),
    'closed',
    ['Ananya Iyer', 'Chennai', '+91 98401 36694', 'ananya.iyer@example.org'],
    'other',
    'Do you have support in Tamil? My mother wants to use the service but is not comfortable in English or Hindi.',
  ),
  inquiry(
    daysAgo(18, '18:42'),
    'resolved',
    ['Rohit Das', 'Kolkata', '+91 98300 71258', 'rohit.das@example.com'],
    'technical-support',
    'During the match yesterday the site was very slow and my WhatsApp message was answered after three hours.',
  ),
  inquiry(
    daysAgo(18, '21:06'),
    'resolved',
    ['Harpreet Kaur', 'Amritsar', '+91 98728 30419', 'harpreet.kaur@example.com'],
    'financial-advisory',
    'Withdrawal requested at 8 PM, the bank says nothing has arrived yet. Are withdrawals processed on Sundays?',
  ),
  inquiry(
    daysAgo(17, '10:02'),
    'closed',
    ['Kavita Joshi', 'Indore', '+91 98260 14583', 'kavita@example.net'],
    'business-consultation',
    'We are a small travel agency looking for someone to set up WhatsApp support like yours for our customers. Do you offer this as a service?',
  ),
  inquiry(
    daysAgo(16, '14:26'),
    'resolved',
    ['Suresh Kumar', 'Coimbatore', '+91 94432 67105', 'suresh.kumar@example.com'],
    'technical-support',
    'I got a call from someone claiming to be your support team, asking for my OTP. I did not share it. Please confirm that a number starting with 70 is not yours.',
  ),
  inquiry(
    daysAgo(15, '09:35'),
    'closed',
    ['Meera Pillai', 'Thiruvananthapuram', '+91 94950 82316', 'meera.pillai@example.org'],
    'other',
    'How do I delete my account and all my details? I no longer use the service.',
  ),
  inquiry(
    daysAgo(15, '17:50'),
    'resolved',
    ['Imran Khan', 'Bhopal', '+91 98930 45571', 'imran.khan@example.com'],
    'financial-advisory',
    'Bhai withdrawal 2 din se pending hai, ₹1,200 ka. Jaldi check karo please.',
  ),
  inquiry(
    daysAgo(14, '12:44'),
    'resolved',
    ['Neha Agarwal', 'Kanpur', '+91 99350 26687', 'neha.agarwal@example.com'],
    'technical-support',
    'The Telegram link on your contact page opens a channel, but I wanted to message support directly. Which one should I use?',
  ),
  inquiry(
    daysAgo(12, '11:11'),
    'closed',
    ['Amit Chauhan', 'Ahmedabad', '+91 98250 63340', 'amit.chauhan@example.net'],
    'digital-marketing',
    'Can we run a Navratri offer banner on your website? We organise a garba event in Ahmedabad.',
  ),
  inquiry(
    daysAgo(12, '19:29'),
    'in-progress',
    ['Deepika Rao', 'Mysuru', '+91 94481 70952', 'deepika.rao@example.com'],
    'technical-support',
    'My ID shows "disabled". I have not done anything wrong. Please help me get it back.',
  ),
  inquiry(
    daysAgo(11, '15:03'),
    'resolved',
    ['Lakshmi Narayanan', 'Madurai', '+91 94433 18276', 'lakshmi.n@example.org'],
    'financial-advisory',
    'What is the minimum amount for a withdrawal, and are there any charges on UPI transfers?',
  ),
  inquiry(
    daysAgo(10, '10:20'),
    'resolved',
    ['Riya Banerjee', 'Kolkata', '+91 98310 52748', 'riya.banerjee@example.com'],
    'other',
    'Your post says support is closed on Lakshmi Puja. Will withdrawals still be processed that day?',
  ),
  inquiry(
    daysAgo(9, '13:47'),
    'resolved',
    ['Nikhil Deshmukh', 'Nagpur', '+91 98220 39164', 'nikhil.d@example.com'],
    'technical-support',
    'I got logged out and now it says "too many attempts". How long do I have to wait?',
  ),
  inquiry(
    daysAgo(9, '22:31'),
    'new',
    ['Ayesha Siddiqui', 'Aligarh', '+91 97195 24830', 'ayesha.siddiqui@example.net'],
    'business-consultation',
    'I am interested in opening a franchise in Aligarh. Please share the requirements and the investment details.',
    true,
  ),
  inquiry(
    daysAgo(8, '16:15'),
    'in-progress',
    ['Karan Mehta', 'Surat', '+91 98790 61437', 'karan.mehta@example.com'],
    'financial-advisory',
    'I received ₹500 less than I requested in my withdrawal. Please check the transaction; the request was made on Monday.',
  ),
  inquiry(
    daysAgo(7, '09:58'),
    'resolved',
    ['Tanvi Kulkarni', 'Nashik', '+91 97640 85219', 'tanvi.kulkarni@example.org'],
    'technical-support',
    'I want to change the name shown on my account. It is spelled wrong (Tanvee instead of Tanvi).',
  ),
  inquiry(
    daysAgo(7, '18:04'),
    'resolved',
    ['Abdul Rahman', 'Kozhikode', '+91 94460 37781', 'abdul.rahman@example.com'],
    'other',
    'Is this the official website? A friend sent me a different link that looks almost the same.',
  ),
  inquiry(
    daysAgo(6, '12:39'),
    'in-progress',
    ['Shweta Tiwari', 'Prayagraj', '+91 94150 72603', 'shweta.tiwari@example.com'],
    'financial-advisory',
    'Which UPI apps are supported for deposits? PhonePe gives me an error.',
  ),
  inquiry(
    daysAgo(5, '10:07'),
    'in-progress',
    ['Divya Menon', 'Thrissur', '+91 98470 26158', 'divya.menon@example.net'],
    'technical-support',
    'The delete account page says "Invalid mobile or password", but I am sure my password is right.',
  ),
  inquiry(
    daysAgo(5, '20:48'),
    'new',
    ['Manoj Thakur', 'Shimla', '+91 98160 43925', 'manoj.thakur@example.com'],
    'other',
    'Please add a Hindi version of the terms page. Many people in my area read Hindi better than English.',
  ),
  inquiry(
    daysAgo(4, '14:12'),
    'in-progress',
    ['Rajesh Bhatt', 'Dehradun', '+91 94120 58316', 'rajesh.bhatt@example.com'],
    'financial-advisory',
    'Withdrawal stuck for 2 days, no UTR shown. Bank: SBI. Amount ₹3,000.',
  ),
  inquiry(
    daysAgo(3, '11:26'),
    'new',
    ['Swati Saxena', 'Gwalior', '+91 97520 19647', 'swati.saxena@example.org'],
    'digital-marketing',
    'We make short videos for local businesses on Instagram. Would you like a few reels explaining how to get an ID?',
    true,
  ),
  inquiry(
    daysAgo(3, '17:55'),
    'resolved',
    ['Prakash Gowda', 'Mangaluru', '+91 94483 60275', 'prakash.gowda@example.com'],
    'technical-support',
    'New phone, WhatsApp restored from backup, but the chat with support is gone. What is the support number again?',
  ),
  inquiry(
    daysAgo(2, '09:40'),
    'in-progress',
    ['Anjali Chatterjee', 'Durgapur', '+91 94340 81526', 'anjali.c@example.com'],
    'other',
    'What are your support hours on Sunday? The contact page says "Emergency Only". What counts as an emergency?',
  ),
  inquiry(
    daysAgo(2, '21:17'),
    'new',
    ['Vivek Pandey', 'Raipur', '+91 98271 35048', 'vivek.pandey@example.net'],
    'financial-advisory',
    'Sir mera ₹1,000 ka deposit 1 ghante se reflect nahi hua. UTR 401877263514.',
    true,
  ),
  inquiry(
    daysAgo(1, '10:33'),
    'in-progress',
    ['Bhavna Shah', 'Vadodara', '+91 98240 67391', 'bhavna.shah@example.com'],
    'technical-support',
    'I am not getting the password reset message on WhatsApp. My number is the same as the registered one.',
  ),
  inquiry(
    daysAgo(1, '15:09'),
    'new',
    ['Sunil Jadhav', 'Kolhapur', '+91 98230 14862', 'sunil.jadhav@example.com'],
    'financial-advisory',
    "Can I withdraw to my wife's bank account? Mine is closed.",
    true,
  ),
  inquiry(
    daysAgo(1, '19:52'),
    'new',
    ['Farhan Ali', 'Srinagar', '+91 94190 52774', 'farhan.ali@example.org'],
    'technical-support',
    'The internet is slow here and the contact page takes long to load. Is there a lighter version, or an SMS number?',
    true,
  ),
  inquiry(
    minutesAgo(134),
    'new',
    ['Nandini Hegde', 'Hubballi', '+91 94480 23619', 'nandini.hegde@example.com'],
    'business-consultation',
    'I manage a co-working space in Hubballi and would like to display your support details for our members. Whom can I talk to?',
    true,
  ),
  inquiry(
    minutesAgo(37),
    'new',
    ['Rakesh Mishra', 'Varanasi', '+91 94150 96130', 'rakesh.mishra@example.com'],
    'financial-advisory',
    'Withdrawal ka status "processing" dikha raha hai, kab tak aayega? Urgent hai.',
    true,
  ),
];

/** What an admin did to a member after creating it. */
export type DemoMemberChange =
  | { at: SampleTime; kind: 'renamed'; displayName: string }
  | { at: SampleTime; kind: 'disabled' }
  | { at: SampleTime; kind: 'password_reset' };

export interface DemoMember {
  /** As an admin types it; stored in E.164 by the same rule as the Users screen's. */
  mobile: string;
  displayName: string | null;
  created: SampleTime;
  later?: readonly DemoMemberChange[];
}

/** Every demo member's password, so the account deletion page can be tried (README, DEMO_MODE). */
export const DEMO_MEMBER_PASSWORD = 'sampark-member';

/** Oldest first. */
export const DEMO_MEMBERS: readonly DemoMember[] = [
  { mobile: '+91 98450 12673', displayName: 'Ravi Shankar', created: daysAgo(52, '11:05') },
  {
    mobile: '+91 94161 38520',
    displayName: 'Sunita Devi',
    created: daysAgo(40, '15:40'),
    later: [{ at: daysAgo(9, '10:25'), kind: 'password_reset' }],
  },
  { mobile: '+91 99001 24567', displayName: 'Aditya Rao', created: daysAgo(31, '12:18') },
  { mobile: '+91 70123 45890', displayName: null, created: daysAgo(24, '17:02') },
  {
    mobile: '+91 98140 55321',
    displayName: 'Manpreet Gill',
    created: daysAgo(20, '10:47'),
    later: [{ at: daysAgo(4, '16:30'), kind: 'disabled' }],
  },
  {
    mobile: '+91 96770 81234',
    displayName: 'Karthik S',
    created: daysAgo(12, '14:55'),
    later: [{ at: daysAgo(11, '09:20'), kind: 'renamed', displayName: 'Karthik Subramanian' }],
  },
  { mobile: '+91 88260 47719', displayName: 'Zoya Khan', created: daysAgo(3, '18:36') },
];
