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
    acquired: ['LINEAR TECHNOLOGY', 'LINEAR TECH', 'LINEAR', 'LTC', 'MAXIM INTEGRATED', 'MAXIM', 'MAXIM IC', 'DALLAS SEMICONDUCTOR', 'DALLAS', 'HITTITE', 'HITTITE MICROWAVE'],
    source: 'Analog Devices press releases: Linear Technology acquisition completed 2017-03-10; Maxim Integrated 2021-08-26; Hittite 2014-07-22 (Maxim had bought Dallas Semiconductor in 2001)',
  },
  { name: 'AVX', aliases: ['KYOCERA AVX', 'AVX KYOCERA'], source: 'Kyocera AVX: AVX renamed Kyocera AVX in 2021' },
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
    source: 'Infineon press releases: International Rectifier acquisition completed 2015-01-13; Cypress Semiconductor 2020-04-16 (Cypress had merged with Spansion in 2015)',
  },
  { name: 'INTEL', aliases: ['INTEL CORPORATION'], acquired: ['ALTERA'], source: 'Intel press release: Altera acquisition completed 2015-12-28' },
  { name: 'AMD', aliases: ['ADVANCED MICRO DEVICES'], acquired: ['XILINX'], source: 'AMD press release: Xilinx acquisition completed 2022-02-14' },
  { name: 'KEMET', aliases: ['KEMET ELECTRONICS'], source: 'KEMET Corporation company name (a YAGEO company since 2020-06-15)' },
  { name: 'KOA', aliases: ['KOA SPEER', 'KOA SPEER ELECTRONICS'], source: 'KOA Speer Electronics is KOA Corporation’s US arm' },
  { name: 'LITTELFUSE', aliases: ['LITTLEFUSE', 'LITTELFUSE INC'], acquired: ['IXYS'], source: 'Littelfuse press release: IXYS acquisition completed 2018-01-17; "Littlefuse" is a common misspelling' },
  {
    name: 'MAXIM INTEGRATED',
    aliases: ['MAXIM', 'MAXIM IC'],
    source: 'Maxim Integrated company name (part of Analog Devices since 2021-08-26; catalogs still list it)',
  },
  {
    name: 'MICROCHIP TECHNOLOGY',
    aliases: ['MICROCHIP', 'MCHP'],
    acquired: ['ATMEL', 'MICROSEMI', 'MICREL', 'SMSC', 'STANDARD MICROSYSTEMS', 'SILICON STORAGE TECHNOLOGY', 'SST'],
    source: 'Microchip press releases: Atmel acquisition completed 2016-04-04; Microsemi 2018-05-29; Micrel 2015-08-03; SMSC 2012-08-02; SST 2010-04-08',
  },
  { name: 'MOLEX', aliases: ['MOLEX CONNECTOR', 'MOLEX LLC'], source: 'Molex, LLC company name' },
  {
    name: 'MURATA',
    aliases: ['MURATA MANUFACTURING', 'MURATA ELECTRONICS', 'MURATA MFG', 'MURATA ELECTRONICS NORTH AMERICA'],
    source: 'Murata Manufacturing Co., Ltd. and its sales companies',
  },
  { name: 'NEXPERIA', aliases: ['NEXPERIA USA'], source: 'Nexperia: NXP Standard Products became Nexperia, 2017-02-06' },
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
    source: 'onsemi press releases: Fairchild Semiconductor acquisition completed 2016-09-19; SANYO Semiconductor 2011-01-01; Catalyst Semiconductor 2008-10',
  },
  { name: 'PANASONIC', aliases: ['PANASONIC ELECTRONIC COMPONENTS', 'PANASONIC INDUSTRY'], source: 'Panasonic Industry Co., Ltd. and its electronic components division' },
  {
    name: 'RENESAS',
    aliases: ['RENESAS ELECTRONICS'],
    acquired: ['INTERSIL', 'IDT', 'INTEGRATED DEVICE TECHNOLOGY', 'DIALOG', 'DIALOG SEMICONDUCTOR'],
    source: 'Renesas press releases: Intersil acquisition completed 2017-02-24; IDT 2019-03-29; Dialog Semiconductor 2021-12-31',
  },
  {
    name: 'QORVO',
    aliases: ['QORVO INC'],
    acquired: ['RFMD', 'RF MICRO DEVICES', 'TRIQUINT', 'TRIQUINT SEMICONDUCTOR', 'ACTIVE-SEMI', 'UNITEDSIC'],
    source: 'Qorvo: formed by the merger of RF Micro Devices and TriQuint, completed 2015-01-01; Active-Semi acquired 2019-05; UnitedSiC 2021-11',
  },
  { name: 'ROHM', aliases: ['ROHM SEMICONDUCTOR'], source: 'ROHM Co., Ltd. company name' },
  {
    name: 'SAMSUNG ELECTRO-MECHANICS',
    aliases: ['SAMSUNG', 'SAMSUNG EM', 'SEMCO', 'SAMSUNG ELECTROMECHANICS', 'SAMSUNG ELECTRO MECHANICS'],
    source: 'Samsung Electro-Mechanics company name; SEMCO is its own abbreviation',
  },
  { name: 'SILICON LABS', aliases: ['SILICON LABORATORIES', 'SILABS', 'SILICON LAB'], acquired: ['ENERGY MICRO'], source: 'Silicon Labs (Silicon Laboratories Inc.): Energy Micro acquisition completed 2013-07' },
  { name: 'STMICROELECTRONICS', aliases: ['ST', 'STM', 'ST MICRO', 'ST MICROELECTRONICS', 'STMICRO'], source: 'STMicroelectronics N.V. company name' },
  {
    name: 'TE CONNECTIVITY',
    aliases: ['TE', 'TYCO ELECTRONICS', 'TE CONNECTIVITY AMP', 'AMP'],
    acquired: ['MEASUREMENT SPECIALTIES'],
    source: 'TE Connectivity: Tyco Electronics renamed 2011-03-10; AMP brand; Measurement Specialties acquired 2014-10-09',
  },
  { name: 'TDK', aliases: ['TDK ELECTRONICS', 'TDK EPCOS', 'EPCOS'], acquired: ['INVENSENSE'], source: 'TDK: EPCOS became TDK Electronics in 2018; InvenSense acquired 2017-05-01' },
  {
    name: 'TEXAS INSTRUMENTS',
    aliases: ['TI', 'TEXAS INSTR', 'TEXAS'],
    acquired: ['NATIONAL SEMICONDUCTOR', 'NATIONAL', 'NSC', 'BURR-BROWN', 'BURR BROWN'],
    source: 'Texas Instruments press releases: National Semiconductor acquisition completed 2011-09-23; Burr-Brown 2000-08-24',
  },
  {
    name: 'VISHAY INTERTECHNOLOGY',
    aliases: ['VISHAY'],
    acquired: ['VISHAY DALE', 'DALE', 'VISHAY SILICONIX', 'SILICONIX', 'VISHAY SPRAGUE', 'SPRAGUE', 'VISHAY BCCOMPONENTS', 'BC COMPONENTS', 'VISHAY SEMICONDUCTORS', 'VISHAY GENERAL SEMICONDUCTOR'],
    source: 'Vishay Intertechnology: Dale, Siliconix, Sprague and BCcomponents are Vishay divisions that catalogs often list apart',
  },
  { name: 'WURTH ELEKTRONIK', aliases: ['WURTH', 'WE', 'WUERTH', 'WUERTH ELEKTRONIK', 'WURTH ELECTRONICS'], source: 'Würth Elektronik eiSos GmbH & Co. KG company name' },
  { name: 'YAGEO', aliases: ['YAGEO CORPORATION', 'PHYCOMP'], acquired: ['KEMET', 'PULSE', 'PULSE ELECTRONICS'], source: 'YAGEO press releases: KEMET acquisition completed 2020-06-15; Pulse Electronics 2018; Phycomp is a YAGEO brand' },
  {
    name: 'AMPHENOL',
    aliases: ['AMPHENOL CORPORATION'],
    acquired: ['FCI', 'AMPHENOL ICC', 'AMPHENOL FCI', 'FCI ELECTRONICS', 'BERG', 'BERG ELECTRONICS'],
    source: 'Amphenol: FCI connectors business acquired 2016-01 and sold as Amphenol ICC (FCI); FCI had been Berg Electronics',
  },
  { name: 'ALPHA & OMEGA', aliases: ['AOS', 'ALPHA AND OMEGA', 'ALPHA OMEGA'], source: 'Alpha and Omega Semiconductor Limited company name; AOS is its own abbreviation' },
  { name: 'KINGBRIGHT', aliases: ['KINGBRIGHT ELECTRONIC', 'KINGBRIGHT COMPANY'], source: 'Kingbright Electronic Co., Ltd. company name' },
  { name: 'LITE-ON', aliases: ['LITEON', 'LITE ON', 'LITE-ON TECHNOLOGY', 'LITE ON INC'], source: 'Lite-On Technology Corporation company name' },
  { name: 'TAIYO YUDEN', aliases: ['TAIYO'], source: 'Taiyo Yuden Co., Ltd. company name' },
  { name: 'C&K', aliases: ['C&K SWITCHES', 'C & K', 'C AND K', 'C&K COMPONENTS'], source: 'C&K Components company name' },
  { name: 'CUI', aliases: ['CUI DEVICES', 'CUI INC'], source: 'CUI Devices (formerly CUI Inc) company name' },
];
