"""Few-shot boardings forecast for bus stops of a new city: one task = one city's stop graph (stops are
nodes, consecutive stops on a route are edges). Meta-training with first-order MAML (FOMAML): the
inner gradients are taken without create_graph, per the experiment config below.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

EXPERIMENT = """
model: {hidden: 32, layers: 2, act: prelu}
meta:  {inner_lr: 0.05, inner_steps: 2, first_order: true, tasks_per_batch: 3}
"""


def parse_flow_yaml(text):
    """Tiny parser for the flat flow-style YAML above (keeps the script dependency-free)."""
    cfg = {}
    for line in text.strip().splitlines():
        key, body = line.split(":", 1)
        items = body.strip().strip("{}").split(",")
        sect = {}
        for it in items:
            k, v = (s.strip() for s in it.split(":"))
            sect[k] = {"true": True, "false": False}.get(v, v)
            if isinstance(sect[k], str):
                try:
                    sect[k] = float(v) if "." in v else int(v)
                except ValueError:
                    pass
        cfg[key.strip()] = sect
    return cfg


ACTS = {"prelu": lambda d: nn.PReLU(d), "silu": lambda d: nn.SiLU()}


def city_graph(seed, n_routes=4, stops_per_route=8):
    g = torch.Generator().manual_seed(seed)
    n = n_routes * stops_per_route
    src, dst = [], []
    for r in range(n_routes):
        for s in range(stops_per_route - 1):
            a = r * stops_per_route + s
            src += [a, a + 1]
            dst += [a + 1, a]
    transfers = torch.randint(0, n, (2, 6), generator=g)
    ei = torch.cat([torch.tensor([src, dst]), transfers, transfers.flip(0)], 1)
    pop = torch.rand(n, generator=g)
    hour = torch.rand(n, generator=g) * 24
    x = torch.stack([pop, torch.sin(hour / 24 * 2 * math.pi), torch.cos(hour / 24 * 2 * math.pi),
                     torch.rand(n, generator=g)], 1)
    deg = torch.zeros(n).index_add_(0, ei[1], torch.ones(ei.size(1)))
    y = 30 * pop + 5 * deg + 3 * torch.rand(n, generator=g) * (1 + seed % 3)
    perm = torch.randperm(n, generator=g)
    return x, ei, y / 50, perm[: n // 4], perm[n // 4:]


class StopGNN(nn.Module):
    def __init__(self, in_dim, hidden, layers, act):
        super().__init__()
        self.enc = nn.Linear(in_dim, hidden)
        self.msg = nn.ModuleList([nn.Linear(2 * hidden, hidden) for _ in range(layers)])
        self.acts = nn.ModuleList([ACTS[act](hidden) for _ in range(layers)])
        self.out = nn.Linear(hidden // 2, 1)

    def forward(self, x, ei):
        h = F.elu(self.enc(x))
        s, d = ei
        for msg, act in zip(self.msg, self.acts):
            m = msg(torch.cat([h[s], h[d]], -1))
            agg = torch.zeros_like(h).index_add_(0, d, m)
            h = h + act(agg)
        return self.out(torch.narrow(h, 1, 0, h.size(1) // 2)).squeeze(-1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=4)
    args = ap.parse_args()
    cfg = parse_flow_yaml(EXPERIMENT)
    torch.manual_seed(0)
    mc = cfg["meta"]
    net = StopGNN(4, cfg["model"]["hidden"], cfg["model"]["layers"], cfg["model"]["act"])
    meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    names = [n for n, _ in net.named_parameters()]
    for it in range(args.meta_iters):
        meta_opt.zero_grad()
        for t in range(mc["tasks_per_batch"]):
            x, ei, y, sup, qry = city_graph(seed=it * 10 + t)
            fast = {n: p for n, p in net.named_parameters()}
            for _ in range(mc["inner_steps"]):
                pred = torch.func.functional_call(net, fast, (x, ei))
                loss = F.smooth_l1_loss(pred[sup], y[sup])
                grads = torch.autograd.grad(loss, list(fast.values()), create_graph=not mc["first_order"])
                fast = {n: fast[n] - mc["inner_lr"] * g for n, g in zip(names, grads)}
            q_pred = torch.func.functional_call(net, fast, (x, ei))
            q_loss = F.smooth_l1_loss(q_pred[qry], y[qry]) / mc["tasks_per_batch"]
            q_loss.backward()
        meta_opt.step()
        print(f"meta-iter {it}: query loss {q_loss.item() * mc['tasks_per_batch']:.4f}")


if __name__ == "__main__":
    main()
