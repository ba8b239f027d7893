/**
 * Manufacturer names as data: one entry per maker, with the spellings BOMs use and the makers it took over.
 *
 * - `name`: the canonical key (upper-case ASCII words, no company form), as `manufacturerKey` returns it.
 * - `aliases`: other spellings of the same maker, in key form ("TI", "TEXAS INSTR"). A BOM naming an alias
 *   names the maker itself: the match is exact.
 * - `acquired`: makers or brands this one bought or renamed; their parts are now sold under this maker's name.
 *   A BOM naming an acquired maker is a near match: the line is priced with a note saying so.
 * - `source`: where the alias or acquisition is documented, so an entry can be checked and corrected.
 *
 * Catalogs keep acquired brands apart sometimes (Vishay Dale, KEMET): that is why an acquisition is a near
 * match with a note, never the same key.
 */
export interface ManufacturerEntry {
  name: string;
  aliases: readonly string[];
  acquired?: readonly string[];
  source: string;
}

export const MANUFACTURERS: readonly ManufacturerEntry[] = [
  {
    name: 'ANALOG DEVICES',
    aliases: ['ADI', 'ANALOG', 'ANALOG DEVICES INTERNATIONAL'],
    acquired: [
      'LINEAR TECHNOLOGY',
      'LINEAR TECH',
      'LINEAR',
      'LTC',
      'MAXIM INTEGRATED',
      'MAXIM',
      'MAXIM IC',
      'DALLAS SEMICONDUCTOR',
      'DALLAS',
      'HITTITE',
      'HITTITE MICROWAVE',
    ],
    source:
      'Analog Devices press releases: Linear Technology acquisition completed 2017-03-10; Maxim Integrated 2021-08-26; Hittite 2014-07-22 (Maxim had bought Dallas Semiconductor in 2001)',
  },
  {
    name: 'AVX',
    aliases: ['KYOCERA AVX', 'AVX KYOCERA'],
    source:
      'AVX Corporation took the name KYOCERA AVX Components Corporation on 2021-10-01 (wikimili.com/en/AVX_Corporation)',
  },
  { name: 'BOURNS', aliases: ['BOURNS ELECTRONICS'], source: 'Bourns, Inc. company name' },
  {
    name: 'BROADCOM',
    aliases: ['BROADCOM LIMITED', 'AVAGO', 'AVAGO TECHNOLOGIES'],
    source: 'Broadcom: Avago Technologies acquired Broadcom Corporation and took its name, 2016-02-01',
  },
  {
    name: 'DIODES INCORPORATED',
    aliases: ['DIODES', 'DIODES INC'],
    acquired: ['ZETEX', 'ZETEX SEMICONDUCTORS', 'PERICOM', 'PERICOM SEMICONDUCTOR'],
    source: 'Diodes Incorporated press releases: Zetex acquired 2008-06; Pericom 2015-11-24',
  },
  {
    name: 'INFINEON TECHNOLOGIES',
    aliases: ['INFINEON', 'IFX', 'INFINEON TECH'],
    acquired: ['INTERNATIONAL RECTIFIER', 'IR', 'IRF', 'CYPRESS', 'CYPRESS SEMICONDUCTOR', 'SPANSION'],
    source:
      'Infineon press releases: International Rectifier acquisition completed 2015-01-13; Cypress Semiconductor 2020-04-16 (Cypress had merged with Spansion in 2015)',
  },
  {
    name: 'INTEL',
    aliases: ['INTEL CORPORATION'],
    acquired: ['ALTERA'],
    source: 'Intel press release: Altera acquisition completed 2015-12-28',
  },
  {
    name: 'AMD',
    aliases: ['ADVANCED MICRO DEVICES'],
    acquired: ['XILINX'],
    source: 'AMD press release: Xilinx acquisition completed 2022-02-14',
  },
  {
    name: 'KEMET',
    aliases: ['KEMET ELECTRONICS'],
    source: 'KEMET Corporation company name (a YAGEO company since 2020-06-15)',
  },
  {
    name: 'KOA',
    aliases: ['KOA SPEER', 'KOA SPEER ELECTRONICS'],
    source: 'KOA Speer Electronics is KOA Corporation’s US arm',
  },
  {
    name: 'LITTELFUSE',
    aliases: ['LITTLEFUSE', 'LITTELFUSE INC'],
    acquired: ['IXYS'],
    source: 'Littelfuse press release: IXYS acquisition completed 2018-01-17; "Littlefuse" is a common misspelling',
  },
  {
    name: 'MAXIM INTEGRATED',
    aliases: ['MAXIM', 'MAXIM IC'],
    source: 'Maxim Integrated company name (part of Analog Devices since 2021-08-26; catalogs still list it)',
  },
  {
    name: 'MICROCHIP TECHNOLOGY',
    aliases: ['MICROCHIP', 'MCHP'],
    acquired: ['ATMEL', 'MICROSEMI', 'MICREL', 'SMSC', 'STANDARD MICROSYSTEMS', 'SILICON STORAGE TECHNOLOGY', 'SST'],
    source:
      'Microchip press releases: Atmel acquisition completed 2016-04-04; Microsemi 2018-05-29; Micrel 2015-08-03; SMSC 2012-08-02; SST 2010-04-08',
  },
  { name: 'MOLEX', aliases: ['MOLEX CONNECTOR', 'MOLEX LLC'], source: 'Molex, LLC company name' },
  {
    name: 'MURATA',
    aliases: ['MURATA MANUFACTURING', 'MURATA ELECTRONICS', 'MURATA MFG', 'MURATA ELECTRONICS NORTH AMERICA'],
    source: 'Murata Manufacturing Co., Ltd. and its sales companies',
  },
  {
    name: 'NEXPERIA',
    aliases: ['NEXPERIA USA'],
    source:
      'Nexperia: NXP completed the sale of its Standard Products business, branded Nexperia, on 2017-02-07 (news.mynavi.jp/techplus/article/20170208-a275; agreement: cdrinfo.com, 2016-06-14)',
  },
  {
    name: 'NXP',
    aliases: ['NXP SEMICONDUCTORS', 'NXP SEMI', 'NXP USA'],
    acquired: ['FREESCALE', 'FREESCALE SEMICONDUCTOR', 'PHILIPS SEMICONDUCTORS', 'PHILIPS'],
    source: 'NXP press release: merger with Freescale completed 2015-12-07; NXP was Philips Semiconductors until 2006',
  },
  {
    name: 'ON SEMICONDUCTOR',
    aliases: ['ONSEMI', 'ON SEMI', 'ON'],
    acquired: ['FAIRCHILD', 'FAIRCHILD SEMICONDUCTOR', 'SANYO SEMICONDUCTOR', 'CATALYST SEMICONDUCTOR'],
    source:
      'onsemi press releases: Fairchild Semiconductor acquisition completed 2016-09-19; SANYO Semiconductor 2011-01-01; Catalyst Semiconductor 2008-10',
  },
  {
    name: 'PANASONIC',
    aliases: ['PANASONIC ELECTRONIC COMPONENTS', 'PANASONIC INDUSTRY'],
    source: 'Panasonic Industry Co., Ltd. and its electronic components division',
  },
  {
    name: 'RENESAS',
    aliases: ['RENESAS ELECTRONICS'],
    acquired: ['INTERSIL', 'IDT', 'INTEGRATED DEVICE TECHNOLOGY', 'DIALOG', 'DIALOG SEMICONDUCTOR'],
    source:
      'Renesas press releases: Intersil acquisition completed 2017-02-24; IDT 2019-03-30 Japan time (news.kantsuu.com/201904/20190401160659_741157.shtml); Dialog Semiconductor 2021-12-31',
  },
  {
    name: 'QORVO',
    aliases: ['QORVO INC'],
    acquired: ['RFMD', 'RF MICRO DEVICES', 'TRIQUINT', 'TRIQUINT SEMICONDUCTOR', 'ACTIVE-SEMI', 'UNITEDSIC'],
    source:
      'Qorvo 10-K for fiscal 2015: RF Micro Devices and TriQuint merged into Qorvo on 2015-01-01 (quarterlytics.com/company/qorvo_qrvo/annual-report-2015); Active-Semi acquired 2019-05-06 (10-K for fiscal 2020); United Silicon Carbide acquired 2021-10-19 (10-Q for the quarter ended 2022-01-01, ir.qorvo.com/node/22196)',
  },
  { name: 'ROHM', aliases: ['ROHM SEMICONDUCTOR'], source: 'ROHM Co., Ltd. company name' },
  {
    name: 'SAMSUNG ELECTRO-MECHANICS',
    aliases: ['SAMSUNG', 'SAMSUNG EM', 'SEMCO', 'SAMSUNG ELECTROMECHANICS', 'SAMSUNG ELECTRO MECHANICS'],
    source: 'Samsung Electro-Mechanics company name; SEMCO is its own abbreviation',
  },
  {
    name: 'SILICON LABS',
    aliases: ['SILICON LABORATORIES', 'SILABS', 'SILICON LAB'],
    acquired: ['ENERGY MICRO'],
    source: 'Silicon Labs (Silicon Laboratories Inc.): Energy Micro acquisition completed 2013-07',
  },
  {
    name: 'STMICROELECTRONICS',
    aliases: ['ST', 'STM', 'ST MICRO', 'ST MICROELECTRONICS', 'STMICRO'],
    source: 'STMicroelectronics N.V. company name',
  },
  {
    name: 'TE CONNECTIVITY',
    aliases: ['TE', 'TYCO ELECTRONICS', 'TE CONNECTIVITY AMP', 'AMP'],
    acquired: ['MEASUREMENT SPECIALTIES'],
    source:
      'TE Connectivity: Tyco Electronics renamed 2011-03-10; AMP brand; Measurement Specialties acquired 2014-10-09',
  },
  {
    name: 'TDK',
    aliases: ['TDK ELECTRONICS', 'TDK EPCOS', 'EPCOS'],
    acquired: ['INVENSENSE'],
    source: 'TDK: EPCOS became TDK Electronics in 2018; InvenSense acquired 2017-05-01',
  },
  {
    name: 'TEXAS INSTRUMENTS',
    aliases: ['TI', 'TEXAS INSTR', 'TEXAS'],
    acquired: ['NATIONAL SEMICONDUCTOR', 'NATIONAL', 'NSC', 'BURR-BROWN', 'BURR BROWN'],
    source:
      'Texas Instruments press releases: National Semiconductor acquisition completed 2011-09-23; Burr-Brown 2000-08-24',
  },
  {
    name: 'VISHAY INTERTECHNOLOGY',
    aliases: ['VISHAY'],
    acquired: [
      'VISHAY DALE',
      'DALE',
      'VISHAY SILICONIX',
      'SILICONIX',
      'VISHAY SPRAGUE',
      'SPRAGUE',
      'VISHAY BCCOMPONENTS',
      'BC COMPONENTS',
      'VISHAY SEMICONDUCTORS',
      'VISHAY GENERAL SEMICONDUCTOR',
    ],
    source:
      'Vishay Intertechnology: Dale, Siliconix, Sprague and BCcomponents are Vishay divisions that catalogs often list apart',
  },
  {
    name: 'WURTH ELEKTRONIK',
    aliases: ['WURTH', 'WE', 'WUERTH', 'WUERTH ELEKTRONIK', 'WURTH ELECTRONICS'],
    source: 'Würth Elektronik eiSos GmbH & Co. KG company name',
  },
  {
    name: 'YAGEO',
    aliases: ['YAGEO CORPORATION', 'PHYCOMP'],
    acquired: ['KEMET', 'PULSE', 'PULSE ELECTRONICS'],
    source:
      'YAGEO: KEMET acquisition completed 2020-06-15, after the last approvals in 2020-04 (eyeontaiwan.com, Forbes 2020-05-03); Pulse Electronics bought under a 2018-05-22 agreement (taipeitimes.com/News/biz/archives/2018/05/23/2003693536); Phycomp is a YAGEO brand',
  },
  {
    name: 'AMPHENOL',
    aliases: ['AMPHENOL CORPORATION'],
    acquired: ['FCI', 'AMPHENOL ICC', 'AMPHENOL FCI', 'FCI ELECTRONICS', 'BERG', 'BERG ELECTRONICS'],
    source:
      'Amphenol 10-Q/10-K (sec.gov/Archives/edgar/data/820313/000155837018000871/R17.htm): FCI Asia Pte. Ltd. acquired 2016-01-08, sold as Amphenol ICC (FCI); FCI (Framatome Connectors International) had bought Berg Electronics in 1998 (Reuters in the Los Angeles Times, 1998-08-28)',
  },
  {
    name: 'ALPHA & OMEGA',
    aliases: ['AOS', 'ALPHA AND OMEGA', 'ALPHA OMEGA'],
    source: 'Alpha and Omega Semiconductor Limited company name; AOS is its own abbreviation',
  },
  {
    name: 'KINGBRIGHT',
    aliases: ['KINGBRIGHT ELECTRONIC', 'KINGBRIGHT COMPANY'],
    source: 'Kingbright Electronic Co., Ltd. company name',
  },
  {
    name: 'LITE-ON',
    aliases: ['LITEON', 'LITE ON', 'LITE-ON TECHNOLOGY', 'LITE ON INC'],
    source: 'Lite-On Technology Corporation company name',
  },
  { name: 'TAIYO YUDEN', aliases: ['TAIYO'], source: 'Taiyo Yuden Co., Ltd. company name' },
  {
    name: 'C&K',
    aliases: ['C&K SWITCHES', 'C & K', 'C AND K', 'C&K COMPONENTS'],
    source: 'C&K Components company name',
  },
  { name: 'CUI', aliases: ['CUI DEVICES', 'CUI INC'], source: 'CUI Devices (formerly CUI Inc) company name' },
  { name: 'NICHICON', aliases: [], source: 'Nichicon Corporation company name' },
  { name: 'COILCRAFT', aliases: ['COILCRAFT INC'], source: 'Coilcraft, Inc. company name' },
  {
    name: 'KEYSTONE ELECTRONICS',
    aliases: ['KEYSTONE', 'KEYSTONE ELECTRONICS CORP'],
    source: 'Keystone Electronics Corp. company name',
  },
  {
    name: 'JST',
    aliases: ['JAPAN SOLDERLESS TERMINAL', 'JST MFG'],
    source: 'J.S.T. Mfg. Co., Ltd. (Japan Solderless Terminal) company name',
  },
  { name: 'HIROSE', aliases: ['HIROSE ELECTRIC', 'HRS'], source: 'Hirose Electric Co., Ltd. company name' },
  { name: 'SAMTEC', aliases: [], source: 'Samtec, Inc. company name' },
  {
    name: 'LINX TECHNOLOGIES',
    aliases: ['LINX'],
    source: 'Linx Technologies company name (RF modules, antennas, battery holders)',
  },
  {
    name: 'OMRON',
    aliases: ['OMRON ELECTRONICS', 'OMRON ELECTRONIC COMPONENTS'],
    source: 'Omron Corporation company name',
  },
  { name: 'PHOENIX CONTACT', aliases: ['PHOENIX'], source: 'Phoenix Contact GmbH & Co. KG company name' },
  { name: 'WAGO', aliases: [], source: 'WAGO GmbH & Co. KG company name' },
  { name: 'OHMITE', aliases: [], source: 'Ohmite Manufacturing Company name' },
  { name: 'SUNON', aliases: [], source: 'Sunonwealth Electric Machine Industry Co. (SUNON) company name' },
  { name: 'FISCHER ELEKTRONIK', aliases: ['FISCHER'], source: 'Fischer Elektronik GmbH & Co. KG company name' },
  { name: 'ALPHA WIRE', aliases: [], source: 'Alpha Wire company name' },
  { name: 'APEM', aliases: [], source: 'APEM (an IDEC group company) company name' },
  { name: 'E-SWITCH', aliases: ['E SWITCH'], source: 'E-Switch, Inc. company name' },
  { name: 'SCHURTER', aliases: [], source: 'Schurter AG company name' },
  { name: 'BEL FUSE', aliases: ['BEL'], source: 'Bel Fuse Inc. company name' },
  { name: 'WIMA', aliases: [], source: 'WIMA GmbH & Co. KG company name' },
  { name: 'RUBYCON', aliases: [], source: 'Rubycon Corporation company name' },
  {
    name: 'UNITED CHEMI-CON',
    aliases: ['CHEMI-CON', 'NIPPON CHEMI-CON', 'UCC'],
    source: 'United Chemi-Con (Nippon Chemi-Con) company name',
  },
  { name: 'EPSON', aliases: ['SEIKO EPSON', 'EPSON TOYOCOM'], source: 'Seiko Epson Corporation company name' },
  { name: 'ABRACON', aliases: [], source: 'Abracon LLC company name' },
  { name: 'ECS', aliases: ['ECS INC', 'ECS INTERNATIONAL'], source: 'ECS Inc. International company name' },
  { name: 'HARWIN', aliases: [], source: 'Harwin plc company name' },
  { name: 'CTS', aliases: ['CTS CORPORATION'], source: 'CTS Corporation company name' },
  { name: 'SUSUMU', aliases: [], source: 'Susumu Co., Ltd. company name' },
  { name: 'EVERLIGHT', aliases: ['EVERLIGHT ELECTRONICS'], source: 'Everlight Electronics Co., Ltd. company name' },
  {
    name: 'OSRAM',
    aliases: ['OSRAM OPTO', 'OSRAM OPTO SEMICONDUCTORS', 'AMS OSRAM'],
    source: 'ams OSRAM company name',
  },
  { name: 'WINBOND', aliases: ['WINBOND ELECTRONICS'], source: 'Winbond Electronics Corporation company name' },
  { name: 'MACRONIX', aliases: [], source: 'Macronix International Co., Ltd. company name' },
  { name: 'MICRON', aliases: ['MICRON TECHNOLOGY'], source: 'Micron Technology, Inc. company name' },
  { name: 'SEMTECH', aliases: [], source: 'Semtech Corporation company name' },
  {
    name: 'MONOLITHIC POWER SYSTEMS',
    aliases: ['MPS', 'MONOLITHIC POWER'],
    source: 'Monolithic Power Systems, Inc. company name',
  },
  { name: 'RICHTEK', aliases: ['RICHTEK TECHNOLOGY'], source: 'Richtek Technology Corporation company name' },
  { name: 'TOREX', aliases: ['TOREX SEMICONDUCTOR'], source: 'Torex Semiconductor Ltd. company name' },
  { name: 'SKYWORKS', aliases: ['SKYWORKS SOLUTIONS'], source: 'Skyworks Solutions, Inc. company name' },
  { name: 'MINI-CIRCUITS', aliases: ['MINI CIRCUITS', 'MINICIRCUITS'], source: 'Mini-Circuits company name' },
  {
    name: 'JOHANSON',
    aliases: ['JOHANSON TECHNOLOGY', 'JOHANSON DIELECTRICS'],
    source: 'Johanson Technology / Johanson Dielectrics company names',
  },
  { name: 'SWITCHCRAFT', aliases: [], source: 'Switchcraft, Inc. company name' },
  { name: 'ESPRESSIF', aliases: ['ESPRESSIF SYSTEMS'], source: 'Espressif Systems company name' },
  { name: 'NORDIC SEMICONDUCTOR', aliases: ['NORDIC'], source: 'Nordic Semiconductor ASA company name' },
  { name: 'SENSIRION', aliases: [], source: 'Sensirion AG company name' },
  { name: 'BOSCH', aliases: ['BOSCH SENSORTEC', 'ROBERT BOSCH'], source: 'Bosch Sensortec GmbH company name' },
  { name: 'RAYTAC', aliases: ['RAYTAC CORPORATION'], source: 'Raytac Corporation company name' },
  {
    name: 'TAIWAN SEMICONDUCTOR',
    aliases: ['TAIWAN SEMI', 'TSC'],
    source: 'Taiwan Semiconductor Co., Ltd. company name; TSC is the short name it uses itself',
  },
  {
    name: 'XLSEMI',
    aliases: ['XL SEMI', 'XLSEMI SEMICONDUCTOR'],
    source: 'XLSEMI (Shanghai XinLong Semiconductor) company name',
  },
  {
    name: 'MULTICOMP PRO',
    aliases: ['MULTICOMP'],
    source: 'multicomp pro, the own brand of Farnell, Newark and element14 (formerly Multicomp)',
  },
  { name: 'ETTINGER', aliases: ['ETTINGER GMBH'], source: 'Ettinger GmbH, maker of spacers and standoffs' },
  { name: 'RECOM', aliases: ['RECOM POWER'], source: 'RECOM Power GmbH, maker of DC/DC converters' },
  {
    name: 'LUMEX',
    aliases: ['LUMEX INC', 'LUMEX OPTO COMPONENTS', 'LUMEX OPTO/COMPONENTS'],
    source: 'Lumex Inc. (Lumex Opto/Components Inc.), maker of LEDs and displays',
  },
  { name: 'BIVAR', aliases: ['BIVAR INC'], source: 'Bivar, Inc., maker of LED light pipes and spacers' },
];
