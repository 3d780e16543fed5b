import {
  AtSign,
  BriefcaseBusiness,
  Camera,
  Globe,
  type LucideIcon,
  Mail,
  MessageCircle,
  Phone,
  ReceiptText,
  Send,
  SquarePlay,
  ThumbsUp,
} from 'lucide-react';
import type { ContactChannelType } from '../../../shared/rules/contact-channels.ts';
import { cx } from '../../lib/class-names.ts';

// lucide ships no brand logos, so each network gets a neutral symbol and a brand-like colour.
const ICONS: Record<ContactChannelType, { icon: LucideIcon; tone: string }> = {
  phone: { icon: Phone, tone: 'bg-blue-100 text-blue-700' },
  whatsapp: { icon: MessageCircle, tone: 'bg-green-100 text-green-700' },
  email: { icon: Mail, tone: 'bg-slate-200 text-slate-700' },
  telegram: { icon: Send, tone: 'bg-sky-100 text-sky-700' },
  withdrawal_proof: { icon: ReceiptText, tone: 'bg-amber-100 text-amber-700' },
  youtube: { icon: SquarePlay, tone: 'bg-red-100 text-red-700' },
  instagram: { icon: Camera, tone: 'bg-pink-100 text-pink-700' },
  facebook: { icon: ThumbsUp, tone: 'bg-blue-100 text-blue-800' },
  twitter: { icon: AtSign, tone: 'bg-slate-200 text-slate-900' },
  linkedin: { icon: BriefcaseBusiness, tone: 'bg-sky-100 text-sky-800' },
  website: { icon: Globe, tone: 'bg-indigo-100 text-indigo-700' },
};

export function ChannelIcon({ type, className }: { type: ContactChannelType; className?: string }) {
  const { icon: Icon, tone } = ICONS[type];
  return (
    <span
      aria-hidden="true"
      className={cx('inline-flex size-10 shrink-0 items-center justify-center rounded-full', tone, className)}
    >
      <Icon className="size-5" />
    </span>
  );
}
