// The country list of spec §3 (country entry: name, flag, code, dial_code): about 240 countries and
// territories, India first (+91), then by name. Flags are the emoji made of the code's two regional
// indicator letters, so no image is needed.

export type CountryEntry = {
  name: string;
  /** The flag emoji. */
  flag: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** '+' and 1–4 digits (a few territories share a code, e.g. +1 and +44). */
  dial_code: string;
};

/** code|name|dial code, India first. */
const TABLE = `IN|India|+91
AF|Afghanistan|+93
AX|Åland Islands|+358
AL|Albania|+355
DZ|Algeria|+213
AS|American Samoa|+1684
AD|Andorra|+376
AO|Angola|+244
AI|Anguilla|+1264
AQ|Antarctica|+672
AG|Antigua and Barbuda|+1268
AR|Argentina|+54
AM|Armenia|+374
AW|Aruba|+297
AU|Australia|+61
AT|Austria|+43
AZ|Azerbaijan|+994
BS|Bahamas|+1242
BH|Bahrain|+973
BD|Bangladesh|+880
BB|Barbados|+1246
BY|Belarus|+375
BE|Belgium|+32
BZ|Belize|+501
BJ|Benin|+229
BM|Bermuda|+1441
BT|Bhutan|+975
BO|Bolivia|+591
BQ|Bonaire, Sint Eustatius and Saba|+599
BA|Bosnia and Herzegovina|+387
BW|Botswana|+267
BV|Bouvet Island|+47
BR|Brazil|+55
IO|British Indian Ocean Territory|+246
VG|British Virgin Islands|+1284
BN|Brunei|+673
BG|Bulgaria|+359
BF|Burkina Faso|+226
BI|Burundi|+257
KH|Cambodia|+855
CM|Cameroon|+237
CA|Canada|+1
CV|Cape Verde|+238
KY|Cayman Islands|+1345
CF|Central African Republic|+236
TD|Chad|+235
CL|Chile|+56
CN|China|+86
CX|Christmas Island|+61
CC|Cocos (Keeling) Islands|+61
CO|Colombia|+57
KM|Comoros|+269
CG|Congo|+242
CD|Congo (Democratic Republic)|+243
CK|Cook Islands|+682
CR|Costa Rica|+506
CI|Côte d'Ivoire|+225
HR|Croatia|+385
CU|Cuba|+53
CW|Curaçao|+599
CY|Cyprus|+357
CZ|Czechia|+420
DK|Denmark|+45
DJ|Djibouti|+253
DM|Dominica|+1767
DO|Dominican Republic|+1849
EC|Ecuador|+593
EG|Egypt|+20
SV|El Salvador|+503
GQ|Equatorial Guinea|+240
ER|Eritrea|+291
EE|Estonia|+372
SZ|Eswatini|+268
ET|Ethiopia|+251
FK|Falkland Islands|+500
FO|Faroe Islands|+298
FJ|Fiji|+679
FI|Finland|+358
FR|France|+33
GF|French Guiana|+594
PF|French Polynesia|+689
TF|French Southern Territories|+262
GA|Gabon|+241
GM|Gambia|+220
GE|Georgia|+995
DE|Germany|+49
GH|Ghana|+233
GI|Gibraltar|+350
GR|Greece|+30
GL|Greenland|+299
GD|Grenada|+1473
GP|Guadeloupe|+590
GU|Guam|+1671
GT|Guatemala|+502
GG|Guernsey|+44
GN|Guinea|+224
GW|Guinea-Bissau|+245
GY|Guyana|+592
HT|Haiti|+509
HM|Heard Island and McDonald Islands|+672
VA|Holy See (Vatican City)|+379
HN|Honduras|+504
HK|Hong Kong|+852
HU|Hungary|+36
IS|Iceland|+354
ID|Indonesia|+62
IR|Iran|+98
IQ|Iraq|+964
IE|Ireland|+353
IM|Isle of Man|+44
IL|Israel|+972
IT|Italy|+39
JM|Jamaica|+1876
JP|Japan|+81
JE|Jersey|+44
JO|Jordan|+962
KZ|Kazakhstan|+7
KE|Kenya|+254
KI|Kiribati|+686
KP|Korea (North)|+850
KR|Korea (South)|+82
XK|Kosovo|+383
KW|Kuwait|+965
KG|Kyrgyzstan|+996
LA|Laos|+856
LV|Latvia|+371
LB|Lebanon|+961
LS|Lesotho|+266
LR|Liberia|+231
LY|Libya|+218
LI|Liechtenstein|+423
LT|Lithuania|+370
LU|Luxembourg|+352
MO|Macao|+853
MG|Madagascar|+261
MW|Malawi|+265
MY|Malaysia|+60
MV|Maldives|+960
ML|Mali|+223
MT|Malta|+356
MH|Marshall Islands|+692
MQ|Martinique|+596
MR|Mauritania|+222
MU|Mauritius|+230
YT|Mayotte|+262
MX|Mexico|+52
FM|Micronesia|+691
MD|Moldova|+373
MC|Monaco|+377
MN|Mongolia|+976
ME|Montenegro|+382
MS|Montserrat|+1664
MA|Morocco|+212
MZ|Mozambique|+258
MM|Myanmar|+95
NA|Namibia|+264
NR|Nauru|+674
NP|Nepal|+977
NL|Netherlands|+31
NC|New Caledonia|+687
NZ|New Zealand|+64
NI|Nicaragua|+505
NE|Niger|+227
NG|Nigeria|+234
NU|Niue|+683
NF|Norfolk Island|+672
MK|North Macedonia|+389
MP|Northern Mariana Islands|+1670
NO|Norway|+47
OM|Oman|+968
PK|Pakistan|+92
PW|Palau|+680
PS|Palestine|+970
PA|Panama|+507
PG|Papua New Guinea|+675
PY|Paraguay|+595
PE|Peru|+51
PH|Philippines|+63
PN|Pitcairn|+64
PL|Poland|+48
PT|Portugal|+351
PR|Puerto Rico|+1939
QA|Qatar|+974
RE|Réunion|+262
RO|Romania|+40
RU|Russia|+7
RW|Rwanda|+250
BL|Saint Barthélemy|+590
SH|Saint Helena, Ascension and Tristan da Cunha|+290
KN|Saint Kitts and Nevis|+1869
LC|Saint Lucia|+1758
MF|Saint Martin|+590
PM|Saint Pierre and Miquelon|+508
VC|Saint Vincent and the Grenadines|+1784
WS|Samoa|+685
SM|San Marino|+378
ST|São Tomé and Príncipe|+239
SA|Saudi Arabia|+966
SN|Senegal|+221
RS|Serbia|+381
SC|Seychelles|+248
SL|Sierra Leone|+232
SG|Singapore|+65
SX|Sint Maarten|+1721
SK|Slovakia|+421
SI|Slovenia|+386
SB|Solomon Islands|+677
SO|Somalia|+252
ZA|South Africa|+27
GS|South Georgia and the South Sandwich Islands|+500
SS|South Sudan|+211
ES|Spain|+34
LK|Sri Lanka|+94
SD|Sudan|+249
SR|Suriname|+597
SJ|Svalbard and Jan Mayen|+47
SE|Sweden|+46
CH|Switzerland|+41
SY|Syria|+963
TW|Taiwan|+886
TJ|Tajikistan|+992
TZ|Tanzania|+255
TH|Thailand|+66
TL|Timor-Leste|+670
TG|Togo|+228
TK|Tokelau|+690
TO|Tonga|+676
TT|Trinidad and Tobago|+1868
TN|Tunisia|+216
TR|Türkiye|+90
TM|Turkmenistan|+993
TC|Turks and Caicos Islands|+1649
TV|Tuvalu|+688
UG|Uganda|+256
UA|Ukraine|+380
AE|United Arab Emirates|+971
GB|United Kingdom|+44
US|United States|+1
UM|United States Minor Outlying Islands|+1
VI|United States Virgin Islands|+1340
UY|Uruguay|+598
UZ|Uzbekistan|+998
VU|Vanuatu|+678
VE|Venezuela|+58
VN|Vietnam|+84
WF|Wallis and Futuna|+681
EH|Western Sahara|+212
YE|Yemen|+967
ZM|Zambia|+260
ZW|Zimbabwe|+263`;

/** The two regional-indicator letters of a two-letter code: the flag emoji. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const COUNTRIES: readonly CountryEntry[] = TABLE.split('\n').map((line) => {
  const [code, name, dial_code] = line.split('|') as [string, string, string];
  return { name, flag: flagOf(code), code, dial_code };
});

export const DEFAULT_COUNTRY_CODE = 'IN';

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));
export const countryByCode = (code: string): CountryEntry | undefined => BY_CODE.get(code.toUpperCase());

/**
 * The national part of a mobile number: digits only (spaces, dashes and brackets typed by people
 * are removed first). India: 10 digits starting 6–9. Elsewhere 4–14 digits, and with the dial code
 * at most 15 digits (E.164). Returns the digits or a message.
 */
export function checkMobile(
  country: CountryEntry,
  typed: string,
): { ok: true; digits: string } | { ok: false; message: string } {
  const digits = typed.replace(/[\s().-]/g, '').replace(/^0+/, '');
  if (!/^\d+$/.test(digits)) return { ok: false, message: 'Mobile number may hold digits only' };
  if (country.code === 'IN') {
    return /^[6-9]\d{9}$/.test(digits)
      ? { ok: true, digits }
      : { ok: false, message: 'An Indian mobile number has 10 digits and starts with 6, 7, 8 or 9' };
  }
  const total = digits.length + country.dial_code.length - 1;
  if (digits.length < 4 || total > 15)
    return { ok: false, message: 'Mobile number is not valid for this country' };
  return { ok: true, digits };
}

/** E.164: '+', the dial code's digits and the national digits. */
export const e164 = (country: CountryEntry, digits: string) => `${country.dial_code}${digits}`;

/** '+9198••••••10': enough for a person to recognise their number, not to read it. */
export function maskMobile(e164Number: string): string {
  if (e164Number.length <= 8) return `${e164Number.slice(0, 2)}••••${e164Number.slice(-1)}`;
  return `${e164Number.slice(0, e164Number.length - 8)}••••••${e164Number.slice(-2)}`;
}
