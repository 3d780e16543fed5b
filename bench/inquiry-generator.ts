import type { Insertable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { DB } from '../src/server/db/schema.ts';
import {
  INQUIRY_SERVICES,
  INQUIRY_STATUSES,
  type InquiryService,
  type InquiryStatus,
} from '../src/shared/rules/contact-inquiries.ts';
import { DAY_MS } from '../src/shared/time.ts';
import { seededRandom } from './lib.ts';

/** Bump when the generated rows change: the scale bench reseeds its cached databases when it differs. */
export const INQUIRY_GENERATOR_VERSION = 2;

export const DEFAULT_SEED = 20_240_601;
const DEFAULT_SPAN_MS = Math.round(3 * 365.25 * DAY_MS);

/**
 * Words planted in the query text at known rates, lowercase and mid-sentence (PostgreSQL's LIKE is
 * case-sensitive). Nothing else the generator writes contains them: the tests check every word list.
 * `rare` and `inBetween` are planted in exactly one row of every `1 / share` rows (at a random place in
 * the block), `common` in each row with probability `share`.
 */
export const PLANTED_TERMS = {
  rare: { term: 'zircon', share: 0.0001 },
  inBetween: { term: 'refund', share: 0.01 },
  common: { term: 'please', share: 0.5 },
} as const;
export type PlantedTermKey = keyof typeof PLANTED_TERMS;

/**
 * A row of `contact_inquiries` as Kysely (camelCase plugin) inserts it, every column given but `seq`, which
 * is left to the database; service and status are the product's.
 */
export type GeneratedInquiry = Required<
  Omit<Insertable<DB['contactInquiries']>, 'seq' | 'assignedTo' | 'language'>
> & {
  service: InquiryService;
  status: InquiryStatus;
};

export interface InquiryGeneratorOptions {
  rows: number;
  seed?: number;
  /** The newest inquiry is created just before this instant (default: now). */
  endMs?: number;
  /** How far back the oldest inquiry goes (default: about 3 years). */
  spanMs?: number;
}

/** Whitespace-separated list, one item per word. */
const words = (list: string): readonly string[] => list.trim().split(/\s+/);

export const FIRST_NAMES = words(`
  Aarav Priya Rahul Ananya Vikram Lakshmi Arjun Kavya Suresh Meena Rohan Sneha Amit Pooja Rajesh
  Deepa Sanjay Nisha Karthik Divya Manoj Anjali Ramesh Sunita Harpreet Gurpreet Imran Ayesha
  Farhan Zoya Joseph Mary Anil Sunil Venkatesh Srinivas Bhavna Hemant Jyoti Kiran Mohan Neha
  Pankaj Ritu Sachin Tanvi Uday Varun Yash Zainab Aditya Ishaan Kabir Vihaan Saanvi Diya Aditi
  Riya Meera Aryan Gaurav Nikhil Prakash Ravi Vijay Ashok Geeta Savita Rekha Usha Abdul Mohammed
  Salma Rubina Tariq Simran Jaspreet Manpreet Balwinder Navjot Senthil Murugan Selvi Anbu Lalitha
  Padma Chandra Gopal Hari Shankar Arun Vinod Dinesh Mahesh Naveen Pradeep Rakesh Sandeep Tarun
  Vivek Bijoy Subhash Debashis Moumita Sourav Tanushree Anirban Rituparna Joydeep Pallavi Ketan
  Hetal Jignesh Nirav Komal Bhavesh Chirag Dhruv Falguni Parth
`);

export const LAST_NAMES = words(`
  Sharma Verma Gupta Singh Patel Shah Reddy Rao Iyer Nair Menon Pillai Das Banerjee Chatterjee
  Mukherjee Ghosh Bose Khan Ahmed Sheikh Qureshi Joshi Kulkarni Deshpande Patil Jadhav Pawar Naidu
  Chowdhury Mehta Desai Jain Agarwal Bansal Malhotra Kapoor Khanna Chopra Bhatia Sethi Gill Sandhu
  Dhillon Fernandes Dsouza Kumar Yadav Mishra Pandey Tiwari Dubey Tripathi Srivastava Saxena
  Chauhan Rathore Thakur Bhat Hegde Shetty Gowda Murthy Subramanian Krishnan Rajan Varghese Kurian
  Thomas Mathew Sinha Prasad Mahato Mondal Sarkar Dutta Bhattacharya Goswami Kaur Arora
`);

/** Largest first: the generator picks earlier cities more often. */
export const CITIES = words(`
  Mumbai Delhi Bengaluru Hyderabad Chennai Kolkata Pune Ahmedabad Jaipur Surat Lucknow Kanpur
  Nagpur Indore Thane Bhopal Visakhapatnam Patna Vadodara Ghaziabad Ludhiana Agra Nashik Faridabad
  Meerut Rajkot Varanasi Srinagar Aurangabad Dhanbad Amritsar Ranchi Coimbatore Jabalpur Gwalior
  Vijayawada Jodhpur Madurai Raipur Kota Guwahati Chandigarh Mysuru Thiruvananthapuram Kochi
  Bhubaneswar Dehradun Noida Gurugram Udaipur Hubballi Mangaluru Belagavi Tiruchirappalli Salem
  Puducherry Shimla Panaji Siliguri Jamshedpur Kozhikode Thrissur Ajmer Bikaner Jalandhar
  Allahabad Bareilly Aligarh Moradabad Gorakhpur Cuttack Warangal Guntur Nellore Tirupati Erode
  Vellore Tirunelveli Solapur Kolhapur Sangli Bhavnagar Jamnagar Anand Gandhinagar
`);

export const EMAIL_DOMAINS = words(`
  gmail.com gmail.com gmail.com gmail.com gmail.com gmail.com yahoo.co.in yahoo.com rediffmail.com
  outlook.com hotmail.com icloud.com
`);

/** Words that any inquiry uses, most frequent first. */
export const COMMON_WORDS = words(`
  i the to for my and a we need our is in of help with you can your me have want on this it shop
  business about kindly ji sir madam details know call whatsapp number service urgent today
  tomorrow week month price cost quote small store customers team contact regarding query thanks
  thank namaste hello hi dear looking get share send back asap time possible how what when where
  also some new old last next year since from will would could should already still not working
  problem issue information options plan package charges fees monthly yearly family brother father
  partner office branch godown dukaan kirana showroom restaurant bakery boutique salon clinic
  pharmacy tuition coaching garage hardware textile jewellery sweets catering travels electricals
  mobile repair jaldi bhai haan accha theek kripya dhanyavaad sahi abhi kal
`);

export const SERVICE_WORDS: Record<InquiryService, readonly string[]> = {
  'business-consultation': words(`
    expansion franchise partnership licence registration gst msme udyam pricing strategy growth
    second outlet supplier vendor inventory staff hiring margin turnover wholesale retail export
    import trademark company proprietorship llp private limited compliance agreement lease location
    market competition budget proposal mentor startup scheme subsidy government tender contract
    process
  `),
  'digital-marketing': words(`
    instagram facebook youtube seo google ads campaign reels leads website followers posts page
    ranking maps listing reviews brand logo banner festival diwali offer discount promotion
    influencer content video shoot catalogue online orders swiggy zomato meesho amazon flipkart
    sellers reach engagement analytics traffic domain hosting landing broadcast bulk messages
  `),
  'technical-support': words(`
    login password app error crash printer billing software tally server email laptop computer
    install update slow internet wifi router backup data lost virus scanner barcode pos machine
    screen blank otp sms upi qr code payment gateway failed stuck loading android iphone windows
    license key expired renewal setup cctv camera sync
  `),
  'financial-advisory': words(`
    loan emi tax itr invoice accounts audit insurance mutual funds sip savings investment credit
    card score cibil overdraft mudra capital interest rate bank statement balance sheet profit loss
    tds return filing notice penalty advance salary payroll pf esi gold property fixed deposit
    retirement pension ledger cash flow collection dues pending
  `),
  other: words(`
    collaboration feedback suggestion complaint appointment visit meeting timing hours holiday
    address directions parking job internship resume volunteer event sponsorship donation workshop
    seminar training certificate language hindi marathi tamil telugu bengali kannada gujarati
    punjabi malayalam delivery courier pickup return exchange warranty bill receipt membership card
  `),
};

const SERVICE_WEIGHTS: Record<InquiryService, number> = {
  'business-consultation': 25,
  'digital-marketing': 30,
  'technical-support': 25,
  'financial-advisory': 15,
  other: 5,
};

/** The rough split; 'new' ones are mostly unread, the rest mostly read. */
const STATUS_WEIGHTS: Record<InquiryStatus, number> = { new: 5, 'in-progress': 10, resolved: 70, closed: 15 };
const READ_SHARE: Record<InquiryStatus, number> = {
  new: 0.2,
  'in-progress': 0.97,
  resolved: 0.99,
  closed: 0.99,
};

/** Items repeated by weight, so a weighted pick is one uniform index. */
function weightedPool<T>(entries: readonly (readonly [T, number])[]): T[] {
  const pool: T[] = [];
  for (const [item, weight] of entries) {
    for (let i = 0; i < weight; i++) pool.push(item);
  }
  return pool;
}

/** Zipf-like: the item at rank r weighs scale * 8 / (r + 8), so the first ones are picked most often. */
function rankedPool(words: readonly string[], scale: number): string[] {
  return weightedPool(words.map((word, rank) => [word, Math.max(1, Math.round((scale * 8) / (rank + 8)))]));
}

const SERVICE_POOL = weightedPool(INQUIRY_SERVICES.map((service) => [service, SERVICE_WEIGHTS[service]]));
const STATUS_POOL = weightedPool(INQUIRY_STATUSES.map((status) => [status, STATUS_WEIGHTS[status]]));
const CITY_POOL = rankedPool(CITIES, 16);
const WORD_POOLS = Object.fromEntries(
  INQUIRY_SERVICES.map((service) => [
    service,
    // About 60% everyday words, 40% words of the service asked about.
    [...rankedPool(COMMON_WORDS, 64), ...rankedPool(SERVICE_WORDS[service], 64)],
  ]),
) as Record<InquiryService, string[]>;

const MIN_QUERY_WORDS = 10;
const MAX_QUERY_WORDS = 35;

/** Deterministic, realistic inquiries in chronological order (strictly increasing `createdAt`). */
export function* generateInquiries(options: InquiryGeneratorOptions): Generator<GeneratedInquiry> {
  const { rows } = options;
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const endMs = options.endMs ?? Date.now();
  const spanMs = options.spanMs ?? DEFAULT_SPAN_MS;
  const stepMs = spanMs / rows;
  if (stepMs < 1) throw new Error(`${rows} inquiries do not fit in ${spanMs} ms with distinct milliseconds`);
  const startMs = endMs - spanMs;
  const int = (below: number) => Math.floor(random() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

  const rareBlock = Math.round(1 / PLANTED_TERMS.rare.share);
  const inBetweenBlock = Math.round(1 / PLANTED_TERMS.inBetween.share);
  let rareRow = -1;
  let inBetweenRow = -1;
  const randomBytes = new Uint8Array(16);

  for (let i = 0; i < rows; i++) {
    if (i % rareBlock === 0) rareRow = i + int(rareBlock);
    if (i % inBetweenBlock === 0) inBetweenRow = i + int(inBetweenBlock);

    // Slot i owns [floor(i * step), floor((i + 1) * step)); a point inside it keeps the order strict.
    const slotStart = Math.floor(i * stepMs);
    const slotEnd = Math.floor((i + 1) * stepMs);
    const createdMs = startMs + slotStart + int(slotEnd - slotStart);

    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const service = pick(SERVICE_POOL);
    const status = pick(STATUS_POOL);

    const planted: string[] = [];
    if (i === rareRow) planted.push(PLANTED_TERMS.rare.term);
    if (i === inBetweenRow) planted.push(PLANTED_TERMS.inBetween.term);
    if (random() < PLANTED_TERMS.common.share) planted.push(PLANTED_TERMS.common.term);

    const wordCount = MIN_QUERY_WORDS + int(MAX_QUERY_WORDS - MIN_QUERY_WORDS + 1) - planted.length;
    const pool = WORD_POOLS[service];
    const words: string[] = [];
    for (let w = 0; w < wordCount; w++) words.push(pick(pool));
    words[0] = capitalize(words[0]!);
    // A sentence break now and then, and never before a planted word (they stay lowercase).
    if (wordCount > 14 && random() < 0.6) {
      const at = 5 + int(wordCount - 10);
      words[at] = `${words[at]}.`;
      words[at + 1] = capitalize(words[at + 1]!);
    }
    for (const term of planted) words.splice(1 + int(words.length), 0, term);
    const query = `${words.join(' ')}${random() < 0.7 ? '.' : '?'}`;

    let updatedMs = createdMs;
    if (status !== 'new') {
      const maxDelayMs = (status === 'in-progress' ? 2 : 10) * DAY_MS;
      updatedMs = Math.min(createdMs + 1 + int(maxDelayMs), endMs);
    }

    for (let b = 0; b < 16; b += 4) {
      const value = int(4_294_967_296);
      randomBytes[b] = value & 0xff;
      randomBytes[b + 1] = (value >>> 8) & 0xff;
      randomBytes[b + 2] = (value >>> 16) & 0xff;
      randomBytes[b + 3] = value >>> 24;
    }

    // This draw once chose a spaced or a compact number; it stays so that the rest of the data stays the same.
    random();
    yield {
      id: uuidv7({ msecs: createdMs, random: randomBytes }),
      name: `${first} ${last}`,
      phone: indianMobile(int),
      email: email(first, last, int, pick),
      city: pick(CITY_POOL),
      query,
      service,
      status,
      isRead: random() < READ_SHARE[status] ? 1 : 0,
      createdAt: new Date(createdMs).toISOString(),
      updatedAt: new Date(updatedMs).toISOString(),
    };
  }
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** +91, then a 10-digit mobile number starting 6–9, in E.164 as the contact form stores it: "+919876543210". */
function indianMobile(int: (below: number) => number): string {
  const head = String(6 + int(4)) + String(int(10_000)).padStart(4, '0');
  const tail = String(int(100_000)).padStart(5, '0');
  return `+91${head}${tail}`;
}

function email(
  first: string,
  last: string,
  int: (below: number) => number,
  pick: <T>(items: readonly T[]) => T,
): string {
  const f = first.toLowerCase();
  const l = last.toLowerCase();
  const domain = pick(EMAIL_DOMAINS);
  switch (int(5)) {
    case 0:
      return `${f}.${l}@${domain}`;
    case 1:
      return `${f}${l}${10 + int(90)}@${domain}`;
    case 2:
      return `${f}_${l.charAt(0)}${1970 + int(40)}@${domain}`;
    case 3:
      return `${f.charAt(0)}${l}${int(1000)}@${domain}`;
    default:
      return `${f}.${l}${int(100)}@${domain}`;
  }
}
