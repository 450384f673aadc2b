/**
 * The currency of each country or territory (ISO 3166 region -> ISO 4217), for the house currency the
 * bills page suggests from the browser's locale. Regions using the euro are listed once.
 */
const EURO_REGIONS =
  'AD AT AX BE BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT';
const OTHER_REGIONS =
  'AE:AED AF:AFN AG:XCD AI:XCD AL:ALL AM:AMD AO:AOA AR:ARS AS:USD AU:AUD AW:AWG AZ:AZN BA:BAM BB:BBD BD:BDT ' +
  'BF:XOF BG:BGN BH:BHD BI:BIF BJ:XOF BM:BMD BN:BND BO:BOB BQ:USD BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN BZ:BZD ' +
  'CA:CAD CC:AUD CD:CDF CF:XAF CG:XAF CH:CHF CI:XOF CK:NZD CL:CLP CM:XAF CN:CNY CO:COP CR:CRC CU:CUP CV:CVE ' +
  'CW:ANG CX:AUD CZ:CZK DJ:DJF DK:DKK DM:XCD DO:DOP DZ:DZD EC:USD EG:EGP EH:MAD ER:ERN ET:ETB FJ:FJD FK:FKP ' +
  'FM:USD FO:DKK GA:XAF GB:GBP GD:XCD GE:GEL GG:GBP GH:GHS GI:GIP GL:DKK GM:GMD GN:GNF GQ:XAF GT:GTQ GU:USD ' +
  'GW:XOF GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF ID:IDR IL:ILS IM:GBP IN:INR IO:USD IQ:IQD IR:IRR IS:ISK JE:GBP ' +
  'JM:JMD JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KI:AUD KM:KMF KN:XCD KP:KPW KR:KRW KW:KWD KY:KYD KZ:KZT LA:LAK ' +
  'LB:LBP LC:XCD LI:CHF LK:LKR LR:LRD LS:LSL LY:LYD MA:MAD MD:MDL MG:MGA MH:USD MK:MKD ML:XOF MM:MMK MN:MNT ' +
  'MO:MOP MP:USD MR:MRU MS:XCD MU:MUR MV:MVR MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NC:XPF NE:XOF NF:AUD NG:NGN ' +
  'NI:NIO NO:NOK NP:NPR NR:AUD NU:NZD NZ:NZD OM:OMR PA:PAB PE:PEN PF:XPF PG:PGK PH:PHP PK:PKR PL:PLN PN:NZD ' +
  'PR:USD PS:ILS PW:USD PY:PYG QA:QAR RO:RON RS:RSD RU:RUB RW:RWF SA:SAR SB:SBD SC:SCR SD:SDG SE:SEK SG:SGD ' +
  'SH:SHP SJ:NOK SL:SLE SN:XOF SO:SOS SR:SRD SS:SSP ST:STN SV:USD SX:ANG SY:SYP SZ:SZL TC:USD TD:XAF TG:XOF ' +
  'TH:THB TJ:TJS TK:NZD TL:USD TM:TMT TN:TND TO:TOP TR:TRY TT:TTD TV:AUD TW:TWD TZ:TZS UA:UAH UG:UGX UM:USD ' +
  'US:USD UY:UYU UZ:UZS VC:XCD VE:VES VG:USD VI:USD VN:VND VU:VUV WF:XPF WS:WST YE:YER ZA:ZAR ZM:ZMW ZW:USD';

const CURRENCY_OF_REGION = new Map<string, string>([
  ...EURO_REGIONS.split(' ').map((region): [string, string] => [region, 'EUR']),
  ...OTHER_REGIONS.split(' ').map((pair): [string, string] => {
    const [region = '', code = ''] = pair.split(':');
    return [region, code];
  }),
]);

/** When the locale names no region (plain "en"), its most likely one decides. */
function regionOf(locale: string): string | undefined {
  try {
    const parsed = new Intl.Locale(locale);
    return parsed.region ?? parsed.maximize().region;
  } catch {
    return undefined;
  }
}

/** The currency the house most likely uses, judged from the browser's locale; USD when it cannot tell. */
export function defaultCurrency(locale: string | undefined = globalThis.navigator?.language): string {
  const region = locale ? regionOf(locale) : undefined;
  return (region && CURRENCY_OF_REGION.get(region)) || 'USD';
}

/** Every currency the browser can format, for the currency picker, with its name in the given locale. */
export function currencyChoices(locale?: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ code, name: names.of(code) ?? code }));
}
