"""Federated rounds of Per-FedAvg on synthetic households; report personalised accuracy."""
import argparse
import math

import torch

from client import _grads, local_update
from config import CFG
from models import OccupancyTCN
from server import aggregate, select_clients


class Household:
    """Telemetry windows: indoor/outdoor temperature and hour-of-day; occupancy follows a household schedule."""

    def __init__(self, seed, cfg):
        g = torch.Generator().manual_seed(seed)
        self.wake, self.leave = 6 + 3 * torch.rand(1, generator=g), 0.5 + 0.5 * torch.rand(1, generator=g)
        self.cfg, self.size = cfg, 50 + seed * 10

    def sample(self, n):
        hours = (torch.arange(self.cfg.window) + 24 * torch.rand(n, 1)) % 24
        occupied = ((hours - self.wake).abs() < 2).float() + (torch.rand(n, 1) < self.leave).float()
        indoor = 19 + 2 * occupied.clamp(max=1) + 0.3 * torch.randn_like(hours)
        outdoor = 8 + 5 * torch.sin(2 * math.pi * hours / 24)
        x = torch.stack([indoor - 20, outdoor / 10, torch.sin(2 * math.pi * hours / 24), torch.cos(2 * math.pi * hours / 24)], 1)
        return x, (occupied[:, -1] > 0).float()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=CFG.rounds)
    args = parser.parse_args()
    torch.manual_seed(0)
    model = OccupancyTCN(CFG)
    state = {n: p.detach().clone() for n, p in model.named_parameters()}
    homes = [Household(i, CFG) for i in range(CFG.n_clients)]
    gen = torch.Generator().manual_seed(1)
    for rnd in range(args.rounds):
        chosen = select_clients(CFG.n_clients, CFG.clients_per_round, gen)
        results = [local_update(model, state, homes[c], CFG) for c in chosen]
        state = aggregate([r[0] for r in results], [homes[c].size for c in chosen])
        print(f"round {rnd}: clients {chosen} mean local loss {sum(r[1] for r in results) / len(results):.4f}")
    accs = []
    for home in homes:
        params = {n: t.clone().requires_grad_() for n, t in state.items()}
        _, g = _grads(model, params, home.sample(CFG.batch), CFG)
        personal = {n: (p - CFG.alpha * gi).detach() for (n, p), gi in zip(params.items(), g)}
        x, y = home.sample(32)
        with torch.no_grad():
            logits = torch.func.functional_call(model, personal, (x,))
        accs.append(((logits > 0).float() == y).float().mean().item())
    print("personalised accuracy", [round(a, 2) for a in accs])


if __name__ == "__main__":
    main()
