// Benchmark: client search as you type at 100,000 clients (issue: p95 under 30 ms).
//
// Creates its own database (bench_clients_<rand>), migrates it with the clients service's
// migrations, bulk-inserts synthetic clients in SQL (generate_series; realistic name, phone and
// e-mail spread), VACUUM ANALYZE, then replays ~2000 searches the way people type them: growing
// name prefixes, misspelt names, a phone number in several formats and partial, e-mail prefixes.
// Every search goes through the service's own code path for GET /api/clients?search= (the list
// use-case: the search query, loading the page's rows and their possible-duplicate counts), one
// after the other like one person typing. Prints p50/p95/p99 per kind and overall, the query plan
// of one search per kind, and drops the database.
//
// Needs the clients service built (`npm run build -w @salon/clients`). The lead's `npm run bench`:
//   const search = await import('../../load-tests/bench/clients-search.bench.mjs');
//   const result = await search.run({ adminUrl });   // → { clients, searches, overall: {p50,p95,p99}, byKind, plans }
// Standalone: node load-tests/bench/clients-search.bench.mjs [--clients 100000] [--searches 2000]
// Environment: POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataSource } from 'typeorm';

const CLIENTS_DIR = fileURLToPath(new URL('../../services/clients/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${CLIENTS_DIR}dist/${path}`).href);

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? NaN) };
};

const FIRST = ['james','mary','robert','patricia','john','jennifer','michael','linda','david','elizabeth','william','barbara','richard','susan','joseph','jessica','thomas','sarah','charles','karen','christopher','lisa','daniel','nancy','matthew','betty','anthony','margaret','mark','sandra','donald','ashley','steven','kimberly','paul','emily','andrew','donna','joshua','michelle','kenneth','carol','kevin','amanda','brian','dorothy','george','melissa','timothy','deborah','ronald','stephanie','edward','rebecca','jason','sharon','jeffrey','laura','ryan','cynthia','jacob','kathleen','gary','amy','nicholas','angela','eric','shirley','jonathan','anna','stephen','brenda','larry','pamela','justin','emma','scott','nicole','brandon','helen','benjamin','samantha','samuel','katherine','gregory','christine','alexander','debra','frank','rachel','patrick','carolyn','raymond','janet','jack','catherine','dennis','maria','jerry','heather','tyler','diane','aaron','ruth','jose','julie','adam','olivia','nathan','joyce','henry','virginia','douglas','victoria','zachary','kelly','peter','lauren','kyle','christina','ethan','joan','walter','evelyn','noah','judith','jeremy','megan','christian','andrea','keith','cheryl','roger','hannah','terry','jacqueline','gerald','martha','harold','gloria','sean','teresa','austin','ann','carl','sara','arthur','madison','lawrence','frances','dylan','kathryn','jesse','janice','jordan','jean','bryan','abigail','billy','alice','joe','julia','bruce','judy','gabriel','sophia','logan','grace','albert','denise','willie','amber','alan','doris','juan','marilyn','wayne','danielle','elijah','beverly','randy','isabella','roy','theresa','vincent','diana','ralph','natalie','eugene','brittany','russell','charlotte','bobby','marie','mason','kayla','philip','alexis','louis','lori'];
const LAST = ['smith','johnson','williams','brown','jones','garcia','miller','davis','rodriguez','martinez','hernandez','lopez','gonzalez','wilson','anderson','thomas','taylor','moore','jackson','martin','lee','perez','thompson','white','harris','sanchez','clark','ramirez','lewis','robinson','walker','young','allen','king','wright','scott','torres','nguyen','hill','flores','green','adams','nelson','baker','hall','rivera','campbell','mitchell','carter','roberts','gomez','phillips','evans','turner','diaz','parker','cruz','edwards','collins','reyes','stewart','morris','morales','murphy','cook','rogers','gutierrez','ortiz','morgan','cooper','peterson','bailey','reed','kelly','howard','ramos','kim','cox','ward','richardson','watson','brooks','chavez','wood','james','bennett','gray','mendoza','ruiz','hughes','price','alvarez','castillo','sanders','patel','myers','long','ross','foster','jimenez','powell','jenkins','perry','russell','sullivan','bell','coleman','butler','henderson','barnes','gonzales','fisher','vasquez','simmons','romero','jordan','patterson','alexander','hamilton','graham','reynolds','griffin','wallace','moreno','west','cole','hayes','bryant','herrera','gibson','ellis','tran','medina','aguilar','stevens','murray','ford','castro','marshall','owens','harrison','fernandez','mcdonald','woods','washington','kennedy','wells','vargas','henry','chen','freeman','webb','tucker','guzman','burns','crawford','olson','simpson','porter','hunter','gordon','mendez','silva','shaw','snyder','mason','dixon','munoz','hunt','hicks','holmes','palmer','wagner','black','robertson','boyd','rose','stone','salazar','fox','warren','mills','meyer','rice','schmidt','garza','daniels','ferguson','nichols','stephens','soto','weaver','ryan','gardner','payne','grant','dunn','kelley','spencer','hawkins','arnold','pierce','vazquez','hansen','peters','santos','hart','bradley','knight','elliott','cunningham','duncan','armstrong','hudson','carroll','lane','riley','andrews','alvarado','ray','delgado','berry','perkins','hoffman','johnston','matthews','pena','richards','contreras','willis','carpenter','lawrence','sandoval','guerrero','george','chapman','rios','estrada','ortega','watkins','greene','nunez','wheeler','valdez','harper','burke','larson','santiago','maldonado','morrison','franklin','carlson','austin','dominguez','carr','lawson','jacobs','obrien','lynch','singh','vega','bishop','montgomery','oliver','jensen','harvey','williamson','gilbert','dean','sims','espinoza','howell','li','wong','reid','hanson','le','mccoy','garrett','burton','fuller','wang','weber','welch','rojas','lucas','marquez','fields','park','yang','little','banks','padilla','day','walsh','bowman','schultz','luna','fowler','mejia','davidson','acosta','brewer','may','holland','juarez','newman','pearson','curtis','cortez','douglas','schneider','joseph','barrett','navarro','figueroa','keller','avila','wade','molina','stanley','hopkins','campos','barnett','bates','chambers','caldwell','beck','lambert','miranda','byrd','craig','ayala','lowe','frazier','powers','neal','leonard','gregory','carrillo','sutton','fleming','rhodes','shelton','schwartz','norris','jennings','watts','duran','walters','cohen','mcdaniel','moran','parks','steele','vaughn','becker','holt','deleon','barker','terry','hale','leon','hail','benson','haynes','horton','miles','lyons','pham','graves','bush','thornton','wolfe','warner','cabrera','mckinney','mann','zimmerman','dawson','lara','fletcher','page','mccarthy','love','robles','cervantes','solis','erickson','reeves','chang','klein','salinas','fuentes','baldwin','daniel','simon','velasquez','hardy','higgins','aguirre','lin','cummings','chandler','sharp','barber','bowen','ochoa','dennis','robbins','liu','ramsey','francis','griffith','paul','blair','oconnor','cardenas','pacheco','cross','calderon','quinn','moss','swanson','chan','rivas','khan','rodgers','serrano','fitzgerald','rosales','stevenson','christensen','manning','gill','curry','mclaughlin','harmon','mcgee','gross','doyle','garner','newton','burgess','reese','walton','blake','trujillo','adkins','brady','goodman','roman','webster','goodwin','fischer','huang','potter','delacruz','montoya','todd','wu','hines','mullins','castaneda','malone','cannon','tate','mack','sherman','hubbard','hodges','zhang','guerra','wolf','valencia','saunders','franco','rowe','gallagher','farmer','hammond','hampton','townsend','ingram','wise','gallegos','clarke','barton','schroeder','maxwell','waters','logan','camacho','strickland','norman','person','colon','parsons','frank','harrington','glover','osborne','buchanan','casey','floyd','patton','ibarra','ball','tyler','suarez','bowers','orozco','salas','cobb','gibbs','andrade','bauer','conner','moody','escobar','mcguire','lloyd','mueller','hartman','french','kramer','mcbride','pope','lindsey','velazquez','norton','mccormick','sparks','flynn','yates','hogan','marsh','macias','villanueva','zamora','pratt','stokes','owen','ballard','lang','brock','villarreal','charles','drake','barrera','cain','patrick','pineda','burnett','mercado','santana','shepherd','bautista','ali','shaffer','lamb','trevino','mckenzie','hess','beil','olsen','cochran','morton','nash','wilkins','petersen','briggs','shah','roth','nicholson','holloway','lozano','rangel','flowers','hoover','short','arias','mora','valenzuela','bryan','meyers','weiss','underwood','bass','greer','summers','houston','carson','morrow','clayton','whitaker','decker','yoder','collier','zuniga','carey','wilcox','melendez','poole','roberson','larsen','conley','davenport','copeland','massey','lam','huff','rocha','cameron','jefferson','hood','monroe','anthony','pittman','huynh','randall','singleton','kirk','combs','mathis','christian','skinner','bradford','richard','galvan','wall','boone','kirby','wilkinson','bridges','bruce','atkinson','velez','meza','roy','vincent','york','hodge','villa','abbott','allison','tapia','gates','chase','sosa','sweeney','farrell','wyatt','dalton','horn','barron','phelps','yu','dickerson','heath','foley','atkins','mathews','bonilla','acevedo','benitez','zavala','hensley','glenn','cisneros','harrell','shields','rubio','choi','huffman','boyer','garrison','arroyo','bond','kane','hancock','callahan','dillon','cline','wiggins','grimes','arellano','melton','oneill','savage','ho','beltran','pitts','parrish','ponce','rich','booth','koch','golden','ware','brennan','mcdowell','marks','cantu','humphrey','baxter','sawyer','clay','tanner','hutchinson','kaur','berg','wiley','gilmore','russo','villegas','hobbs','keith','wilkerson','ahmed','beard','mcclain','montes','mata','rosario','vang','walter','henson','oneal','mosley','mcclure','beasley','stephenson','snow','huerta','preston','vance','barry','johns','eaton','blackwell','dyer','prince','macdonald','solomon','guevara','stafford','english','hurst','woodard','cortes','shannon','kemp','nolan','mccullough','merritt','murillo','moon','salgado','strong','kline','cordova','barajas','roach','rosas','winters','jacobson','lester','knox','bullock','kerr','leach','meadows','orr','davila','whitehead','pruitt','kent','conway','mckee','barr','david','dejesus','marin','berger','mcintyre','blankenship','gaines','palacios','cuevas','bartlett','durham','dorsey','mccall','odonnell','stein','browning','stout','lowery','sloan','mclean','hendricks','calhoun','sexton','chung','gentry','hull','duarte','ellison','nielsen','gillespie','buck','middleton','sellers','leblanc','esparza','hardin','bradshaw','mcintosh','howe','livingston','frost','glass','morse','knapp','herman','stark','bravo','noble','spears','weeks','corona','frederick','buckley','mcfarland','hebert','enriquez','hickman','quintero','randolph','schaefer','walls','trejo','house','reilly','pennington','michael','conrad','giles','benjamin','crosby','fitzpatrick','donovan','mays','mahoney','valentine','raymond','medrano','hahn','mcmillan','small','bentley','felix','peck','lucero','boyle','hanna','pace','rush','hurley','harding','mcconnell','bernal','nava','ayers','everett','ventura','avery','pugh','mayer','bender','shepard','mcmahon','landry','case','sampson','moses','magana','blackburn','dunlap','gould','duffy','vaughan','herring','mckay','espinosa','rivers','farley','bernard','ashley','friedman','potts','truong','costa','correa','blevins','nixon','clements','fry','delarosa','best','benton','lugo','portillo','dougherty','crane','haley','phan','villalobos','blanchard','horne','finley','quintana','lynn','esquivel','bean','dodson','mullen','xiong','hayden','cano','levy','huber','richmond','moyer','lim','frye','sheppard','mccarty','avalos','booker','waller','parra','woodward','jaramillo','krueger','rasmussen','brandt','peralta','donaldson','stuart','faulkner','maynard','galindo','coffey','estes','sanford','burch','maddox','vo','oconnell','vu','andersen','spence','mcpherson','church','schmitt','stanton','leal','cherry','compton','dudley','sierra','pollard','alfaro','hester','proctor','lu','hinton','novak','good','madden','mccann','terrell','jarvis','dickson','reyna','cantrell','mayo','branch','hendrix','rollins','rowland','whitney','duke','odom','daugherty','travis','tang'];

/** ~2000 searches as people type them, built from real rows of the benchmark database. */
function searchesFrom(rows, target) {
  const out = [];
  const typo = (w) => (w.length > 4 ? w.slice(0, 2) + w.slice(3) : w); // drop a letter
  const swap = (w) => (w.length > 4 ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w); // swap two
  let i = 0;
  while (out.length < target) {
    const r = rows[i++ % rows.length];
    const first = r.first_name.toLowerCase();
    const last = r.last_name.toLowerCase();
    const digits = r.phone.slice(2); // national 10 digits
    switch (i % 4) {
      case 0: // name typed letter by letter, then the last name
        for (let n = 1; n <= Math.min(first.length, 6); n++) out.push({ kind: 'name-prefix', q: first.slice(0, n) });
        out.push({ kind: 'name-prefix', q: `${first} ${last.slice(0, 2)}` });
        out.push({ kind: 'name-prefix', q: `${first} ${last}` });
        break;
      case 1: // misspelt
        out.push({ kind: 'name-typo', q: `${typo(first)} ${last}` });
        out.push({ kind: 'name-typo', q: `${first} ${swap(last)}` });
        out.push({ kind: 'name-typo', q: typo(last) });
        break;
      case 2: // phone in several formats, and partial
        out.push({ kind: 'phone', q: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` });
        out.push({ kind: 'phone', q: digits });
        out.push({ kind: 'phone', q: `+1 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` });
        out.push({ kind: 'phone', q: digits.slice(6) });
        out.push({ kind: 'phone', q: `${digits.slice(0, 3)} ${digits.slice(3, 5)}` });
        break;
      case 3: // e-mail prefixes
        out.push({ kind: 'email', q: r.email.slice(0, 3) });
        out.push({ kind: 'email', q: r.email.split('@')[0] });
        out.push({ kind: 'email', q: r.email.slice(0, r.email.indexOf('@') + 3) });
        break;
    }
  }
  return out.slice(0, target);
}

export async function run({
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  clients = 100_000,
  searches = 2000,
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
  const { loadClientsConfig } = await dist('config.js');
  const { ClientRepository, buildClientSearch } = await dist('modules/clients/persistence/client.repository.js');
  const { ClientsUseCase } = await dist('modules/clients/use-cases/clients.use-case.js');
  const { parseSearch } = await dist('modules/clients/domain/search-query.js');

  const database = `bench_clients_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  await nestKit.ensureDatabase(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  let dataSource;
  try {
    await nestKit.runMigrations(databaseUrl, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    const t0 = Date.now();
    await db.query(`SELECT setseed(0.42)`);
    await db.query(
      `INSERT INTO clients (first_name, last_name, phone, email, birthday, tags, source, sms_consent, email_consent, last_visit_at, created_at)
       SELECT initcap(f), initcap(l), p, lower(f || '.' || l || CASE WHEN i % 3 = 0 THEN '' ELSE (i % 97)::text END || '@' || (ARRAY['gmail.com','yahoo.com','outlook.com','icloud.com','example.com'])[1 + i % 5]),
              CASE WHEN i % 3 = 0 THEN date '1950-01-01' + (i * 37 % 20000) END,
              CASE WHEN i % 10 = 0 THEN ARRAY['VIP'] WHEN i % 7 = 0 THEN ARRAY['Colour'] ELSE '{}' END,
              (ARRAY['Instagram','Referral','Walk-in','Google',NULL])[1 + i % 5], i % 2 = 0, i % 3 = 0,
              now() - (i % 400) * interval '1 day', now() - (i % 1000) * interval '1 day'
         FROM (SELECT i, $1::text[] AS fs, $2::text[] AS ls FROM generate_series(1, $3) AS i) s,
              -- referencing s.i makes the lateral run per row (else random() is drawn once)
              LATERAL (SELECT fs[1 + floor(random() * array_length(fs, 1))::int] AS f, ls[1 + floor(random() * array_length(ls, 1))::int] AS l,
                              '+1' || (200 + floor(random() * 800))::int::text || lpad(floor(random() * 10000000)::int::text, 7, '0') AS p
                        WHERE s.i IS NOT NULL) g`,
      [FIRST, LAST, clients],
    );
    await db.query('VACUUM ANALYZE clients');
    const loadSeconds = (Date.now() - t0) / 1000;
    log(`  ${clients.toLocaleString('en-US')} clients inserted and analysed in ${round(loadSeconds)} s`);

    const sample = (await db.query(`SELECT first_name, last_name, phone, email FROM clients ORDER BY random() LIMIT 400`)).rows;
    const plan = searchesFrom(sample, searches);

    const config = loadClientsConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'production', JWT_SECRET: randomBytes(24).toString('hex'), LOG_LEVEL: 'silent' });
    dataSource = new DataSource({ type: 'postgres', url: databaseUrl, entities: ENTITIES, extra: { max: 4 } });
    await dataSource.initialize();
    const repository = new ClientRepository(dataSource);
    const useCase = new ClientsUseCase(dataSource, repository, null, config);

    // Warm-up: the first queries pay for plan caches and cold pages.
    for (const s of plan.slice(0, 100)) await useCase.list({ search: s.q, limit: 20 });
    const byKind = {};
    const all = [];
    const timed = [];
    let empty = 0;
    for (const s of plan) {
      const start = process.hrtime.bigint();
      const page = await useCase.list({ search: s.q, limit: 20 });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (page.data.length === 0) empty++;
      (byKind[s.kind] ??= []).push(ms);
      all.push(ms);
      timed.push({ q: s.q, ms });
    }
    const result = { clients, searches: plan.length, emptyAnswers: empty, overall: stats(all), byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, stats(v)])) };

    result.slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 8).map((x) => `${JSON.stringify(x.q)} ${round(x.ms)} ms`);
    // One plan per kind, for the notes: which index answered and how long PostgreSQL took.
    result.plans = {};
    for (const q of ['jen', 'jenifer smth', 'j', '(312) 555-0134', '0134', 'jennifer.sm']) {
      const { where, order, params } = buildClientSearch({ search: parseSearch(q), sort: 'relevance' });
      const rows = (await db.query(`EXPLAIN (ANALYZE, BUFFERS OFF) SELECT c.id FROM clients c WHERE ${where} ORDER BY ${order} LIMIT 20`, params)).rows.map((r) => r['QUERY PLAN']);
      const indexes = [...new Set(rows.join('\n').match(/clients_[a-z_]+/g) ?? [])].filter((n) => n !== 'clients_c');
      const time = rows.find((r) => r.startsWith('Execution Time'));
      result.plans[q] = `${indexes.join(' + ') || 'no index (sequential scan)'}; ${time}`;
    }
    const fullList = Date.now();
    await useCase.list({ limit: 20 });
    result.unfilteredFirstPageMs = Date.now() - fullList;

    log(`  search as you type over ${clients.toLocaleString('en-US')} clients, ${plan.length} searches through the list use-case (search + page rows + duplicate counts):`);
    log(`    overall         p50 ${result.overall.p50} ms  p95 ${result.overall.p95} ms  p99 ${result.overall.p99} ms  max ${result.overall.max} ms`);
    for (const [kind, s] of Object.entries(result.byKind)) log(`    ${kind.padEnd(15)} p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  (${s.count})`);
    log(`    answers with no match: ${empty}; unfiltered first page with exact total: ${result.unfilteredFirstPageMs} ms`);
    log(`    slowest: ${result.slowest.join(', ')}`);
    for (const [q, p] of Object.entries(result.plans)) log(`    plan "${q}": ${p}`);
    return result;
  } finally {
    await dataSource?.destroy().catch(() => undefined);
    await db.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => admin.end());
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { clients: { type: 'string' }, searches: { type: 'string' } } });
  await run({ clients: Number(values.clients ?? 100_000), searches: Number(values.searches ?? 2000) });
  process.exit(0);
}
