"""Train the rod PINN on collocation points plus camera-tracked tip positions."""
import torch

from config import LOSS_WEIGHTS, NET, ROD, TRAIN
from losses import data_term, residual_terms, weighted_sum
from models import RodNet


def uniform(n, lo, hi, gen, d=1):
    return lo + (hi - lo) * torch.rand(n, d, generator=gen)


@torch.no_grad()
def constant_curvature_tips(tension, rod):
    """Camera stand-in: piecewise-constant-curvature model of the tip under tendon tension only."""
    kappa = tension * rod["tendon_offset"] / rod["EI"]
    arc = rod["length"] * kappa
    safe = torch.where(kappa.abs() < 1e-6, torch.full_like(kappa, 1e-6), kappa)
    return torch.cat([(1 - torch.cos(arc)) / safe * -1.0, torch.sin(arc) / safe], dim=-1)


def make_batches(gen):
    n, m = TRAIN["n_colloc"], TRAIN["n_tip"]
    colloc = {
        "s": uniform(n, 0.0, ROD["length"], gen),
        "tension": uniform(n, *TRAIN["tension_range"], gen),
        "force": uniform(n, *TRAIN["force_range"], gen, d=2),
    }
    tension = uniform(m, *TRAIN["tension_range"], gen)
    tips = {"s": torch.full((m, 1), ROD["length"]), "tension": tension,
            "force": torch.zeros(m, 2), "xy": constant_curvature_tips(tension, ROD)}
    return colloc, tips


def main():
    gen = torch.Generator().manual_seed(TRAIN["seed"])
    model = RodNet(NET, ROD)
    opt = torch.optim.Adam(model.parameters(), lr=TRAIN["lr"])
    for step in range(TRAIN["steps"]):
        colloc, tips = make_batches(gen)
        terms = residual_terms(model, colloc, ROD, TRAIN["deadband"])
        loss, logs = weighted_sum(
            [*terms, ("tip_data", data_term(model, tips))], LOSS_WEIGHTS)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 5), logs)


if __name__ == "__main__":
    main()
