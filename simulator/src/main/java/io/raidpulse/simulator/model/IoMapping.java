package io.raidpulse.simulator.model;

import io.raidpulse.md.MdLevel;
import io.raidpulse.md.Raid10Geometry;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How md turns one front-end request into member requests, per level (docs/raid-model.md; the
 * kernel's raid0.c, raid1.c, raid10.c and raid5.c). Requests land uniformly on stripe positions, so
 * each position is a case of the plan; members absent from {@code slots} (failed, or not yet
 * rebuilt) get nothing and their data is reconstructed from the others.
 */
public final class IoMapping {
    private IoMapping() {
    }

    /**
     * The plan for front-end class {@code fe} on an array of {@code level} whose slot {@code i} is
     * served by {@code slots[i]} (null when missing). Random requests are at most one chunk;
     * sequential ones are streams cut into chunk-sized pieces and merged into requests of up to
     * {@link IoClass#MAX_REQUEST} on the members.
     */
    public static Plan plan(MdLevel level, Raid10Geometry geometry, long chunk, SimulatedDevice[] slots, IoClass fe) {
        if (fe.kind() == IoKind.FLUSH) {
            return flush(slots);
        }
        return switch (level) {
            case RAID0 -> raid0(chunk, slots, fe);
            case RAID1 -> raid1(slots, fe);
            case RAID10 -> raid10(geometry, chunk, slots, fe);
            case RAID5, RAID6 -> raid456(level.parityDisks(), chunk, slots, fe);
        };
    }

    /** md_flush_request: an empty flush to every working member. */
    private static Plan flush(SimulatedDevice[] slots) {
        List<MemberIo> ios = new ArrayList<>();
        for (SimulatedDevice d : slots) {
            if (d != null) {
                ios.add(new MemberIo(d, IoClass.FLUSH, 1, 1));
            }
        }
        return new Plan(List.of(new Plan.Case(1, ios)));
    }

    private static Plan raid0(long chunk, SimulatedDevice[] slots, IoClass fe) {
        int n = slots.length;
        List<Plan.Case> cases = new ArrayList<>();
        if (fe.sequential()) {
            SeqPiece piece = SeqPiece.of(fe, chunk, fe.bytes());
            List<MemberIo> ios = new ArrayList<>();
            for (SimulatedDevice d : slots) {
                ios.add(new MemberIo(d, piece.io, piece.requestsPerFrontEnd / n, 1));
            }
            cases.add(new Plan.Case(1, ios));
        } else {
            for (SimulatedDevice d : slots) {
                cases.add(new Plan.Case(1d / n, List.of(new MemberIo(d, IoClass.random(fe.kind(), fe.bytes()), 1, 1))));
            }
        }
        return new Plan(cases);
    }

    /** raid1.c: a read goes to one working mirror (read_balance spreads them), a write to all. */
    private static Plan raid1(SimulatedDevice[] slots, IoClass fe) {
        List<SimulatedDevice> present = present(slots);
        IoClass member = fe.sequential() ? SeqPiece.of(fe, fe.bytes(), fe.bytes()).io : IoClass.random(fe.kind(), fe.bytes());
        double count = fe.sequential() ? SeqPiece.of(fe, fe.bytes(), fe.bytes()).requestsPerFrontEnd : 1;
        List<Plan.Case> cases = new ArrayList<>();
        if (fe.kind() == IoKind.READ) {
            for (SimulatedDevice d : present) {
                cases.add(new Plan.Case(1d / present.size(), List.of(new MemberIo(d, member, count, 1))));
            }
        } else {
            List<MemberIo> ios = new ArrayList<>();
            present.forEach(d -> ios.add(new MemberIo(d, member, count, 1)));
            cases.add(new Plan.Case(1, ios));
        }
        return new Plan(cases);
    }

    /**
     * raid10.c: chunk x has copies on the slots {@link Raid10Geometry#slot}; a read goes to one
     * working copy (the first far copy when it works: read_balance prefers it), a write to every
     * working copy.
     */
    private static Plan raid10(Raid10Geometry g, long chunk, SimulatedDevice[] slots, IoClass fe) {
        int n = slots.length;
        IoClass member;
        double count;
        if (fe.sequential()) {
            SeqPiece piece = SeqPiece.of(fe, chunk, fe.bytes());
            member = piece.io;
            count = piece.requestsPerFrontEnd;
        } else {
            member = IoClass.random(fe.kind(), fe.bytes());
            count = 1;
        }
        List<Plan.Case> cases = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            List<SimulatedDevice> copies = new ArrayList<>();
            List<SimulatedDevice> firstFar = new ArrayList<>();
            for (int f = 0; f < g.far(); f++) {
                for (int j = 0; j < g.near(); j++) {
                    SimulatedDevice d = slots[g.slot(x, j, f, n)];
                    if (d != null) {
                        copies.add(d);
                        if (f == 0) {
                            firstFar.add(d);
                        }
                    }
                }
            }
            if (fe.kind() == IoKind.READ) {
                List<SimulatedDevice> choose = g.far() > 1 && !g.offset() && !firstFar.isEmpty() ? firstFar : copies;
                for (SimulatedDevice d : choose) {
                    cases.add(new Plan.Case(1d / n / choose.size(), List.of(new MemberIo(d, member, count, 1))));
                }
            } else {
                List<MemberIo> ios = new ArrayList<>();
                copies.forEach(d -> ios.add(new MemberIo(d, member, count, 1)));
                cases.add(new Plan.Case(1d / n, ios));
            }
        }
        return new Plan(cases);
    }

    /**
     * raid5.c with the left-symmetric rotation (the parity of stripe r sits on slot n-1-r mod n, Q
     * after it, data after that); positions are averaged over every rotation, so the rotation
     * algorithm changes nothing in the means.
     */
    private static Plan raid456(int parity, long chunk, SimulatedDevice[] slots, IoClass fe) {
        int n = slots.length;
        int dataDisks = n - parity;
        List<Plan.Case> cases = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            int p = n - 1 - r;
            List<Integer> parities = new ArrayList<>();
            for (int i = 0; i < parity; i++) {
                parities.add((p + i) % n);
            }
            List<Integer> data = new ArrayList<>();
            for (int i = 0; i < dataDisks; i++) {
                data.add((p + parity + i) % n);
            }
            if (fe.sequential()) {
                cases.add(new Plan.Case(1d / n, sequentialStripe(fe, chunk, slots, parities, data)));
                continue;
            }
            for (int j = 0; j < dataDisks; j++) {
                double w = 1d / n / dataDisks;
                int target = data.get(j);
                if (fe.kind() == IoKind.READ) {
                    cases.add(new Plan.Case(w, randomRead(fe, slots, parities, data, target)));
                } else {
                    cases.add(new Plan.Case(w, randomWrite(fe, slots, parities, data, target)));
                }
            }
        }
        return new Plan(cases);
    }

    /**
     * A read within one chunk: chunk_aligned_read sends it straight to the member; when the member
     * is missing the stripe cache reads n - parity other blocks (data first, then P, then Q) in 4
     * KiB pages and reconstructs it.
     */
    private static List<MemberIo> randomRead(IoClass fe, SimulatedDevice[] slots, List<Integer> parities, List<Integer> data,
            int target) {
        if (slots[target] != null) {
            return List.of(new MemberIo(slots[target], IoClass.random(IoKind.READ, fe.bytes()), 1, 1));
        }
        IoClass page = IoClass.merged(IoKind.READ, fe.bytes(), false, IoClass.STRIPE_PAGE);
        List<MemberIo> ios = new ArrayList<>();
        int need = data.size();
        List<Integer> order = new ArrayList<>(data);
        order.addAll(parities);
        for (int s : order) {
            if (ios.size() == need) {
                break;
            }
            if (s != target && slots[s] != null) {
                ios.add(new MemberIo(slots[s], page, 1, 1));
            }
        }
        return ios;
    }

    /**
     * A write within one data chunk, as handle_stripe_dirtying chooses: read-modify-write reads
     * the old data and parity, reconstruct-write reads the other data; each block that must be
     * read but is missing costs 2n, and a tie goes to reconstruct-write. Then the data and the
     * working parity blocks are written. All through the stripe cache in 4 KiB pages.
     */
    private static List<MemberIo> randomWrite(IoClass fe, SimulatedDevice[] slots, List<Integer> parities, List<Integer> data,
            int target) {
        int n = slots.length;
        int rmw = 0;
        int rcw = 0;
        Set<Integer> rmwReads = new LinkedHashSet<>();
        Set<Integer> rcwReads = new LinkedHashSet<>();
        List<Integer> rmwSet = new ArrayList<>(parities);
        rmwSet.add(0, target);
        for (int s : rmwSet) {
            rmw += slots[s] != null ? 1 : 2 * n;
            if (slots[s] != null) {
                rmwReads.add(s);
            }
        }
        for (int s : data) {
            if (s != target) {
                rcw += slots[s] != null ? 1 : 2 * n;
                if (slots[s] != null) {
                    rcwReads.add(s);
                }
            }
        }
        Set<Integer> reads;
        if (Math.min(rmw, rcw) >= 2 * n) {
            reads = new LinkedHashSet<>();
            for (int s = 0; s < n; s++) {
                if (s != target && slots[s] != null) {
                    reads.add(s);
                }
            }
        } else {
            reads = rmw < rcw && rmw > 0 ? rmwReads : rcwReads;
        }
        IoClass readPage = IoClass.merged(IoKind.READ, fe.bytes(), false, IoClass.STRIPE_PAGE);
        IoClass writePage = IoClass.merged(IoKind.WRITE, fe.bytes(), false, IoClass.STRIPE_PAGE);
        List<MemberIo> ios = new ArrayList<>();
        for (int s : reads) {
            ios.add(new MemberIo(slots[s], readPage, 1, 0));
        }
        if (slots[target] != null) {
            ios.add(new MemberIo(slots[target], writePage, 1, 1));
        }
        for (int s : parities) {
            if (slots[s] != null) {
                ios.add(new MemberIo(slots[s], writePage, 1, 1));
            }
        }
        return ios;
    }

    /**
     * A stream over whole stripes: reads take each data chunk from its member (through the stripe
     * cache, reading every working member, when a data member is missing); writes are full-stripe
     * writes, no reads, every working member writing one chunk per stripe.
     */
    private static List<MemberIo> sequentialStripe(IoClass fe, long chunk, SimulatedDevice[] slots, List<Integer> parities,
            List<Integer> data) {
        double stripesPerFrontEnd = fe.bytes() / (double) (chunk * data.size());
        List<MemberIo> ios = new ArrayList<>();
        boolean dataMissing = data.stream().anyMatch(s -> slots[s] == null);
        if (fe.kind() == IoKind.READ && !dataMissing) {
            SeqPiece piece = SeqPiece.of(fe, chunk, Math.min(fe.bytes(), chunk));
            for (int s : data) {
                ios.add(new MemberIo(slots[s], piece.io, stripesPerFrontEnd * piece.requestsPerChunk, 1));
            }
            return ios;
        }
        SeqPiece piece = SeqPiece.of(fe, chunk, IoClass.STRIPE_PAGE);
        for (int s = 0; s < slots.length; s++) {
            if (slots[s] != null) {
                ios.add(new MemberIo(slots[s], piece.io, stripesPerFrontEnd * piece.requestsPerChunk, 1));
            }
        }
        return ios;
    }

    private static List<SimulatedDevice> present(SimulatedDevice[] slots) {
        List<SimulatedDevice> out = new ArrayList<>();
        for (SimulatedDevice d : slots) {
            if (d != null) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * A stream cut into pieces of {@code pieceBytes} (a chunk) and issued as member requests of up
     * to {@link IoClass#MAX_REQUEST}, each merged from bios of {@code bioBytes}.
     */
    private record SeqPiece(IoClass io, double requestsPerChunk, double requestsPerFrontEnd) {
        static SeqPiece of(IoClass fe, long pieceBytes, long bioBytes) {
            long request = Math.min(IoClass.MAX_REQUEST, pieceBytes);
            IoClass io = IoClass.merged(fe.kind(), request, true, Math.max(512, Math.min(bioBytes, request)));
            double perPiece = pieceBytes / (double) request;
            return new SeqPiece(io, perPiece, fe.bytes() / (double) pieceBytes * perPiece);
        }
    }
}
