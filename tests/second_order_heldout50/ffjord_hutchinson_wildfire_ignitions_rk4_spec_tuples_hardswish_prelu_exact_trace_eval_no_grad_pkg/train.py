"""Maximum likelihood training of the ignition-density CNF; exact-divergence evaluation on a grid."""
import torch

from cnf import CNF, standard_normal_logprob
from config import CONFIG
from field import IgnitionField


def ignition_points(n, gen):
    # ignitions cluster along two access roads and one campground
    road = torch.randint(0, 3, (n,), generator=gen)
    s = torch.rand(n, generator=gen) * 2 - 1
    centre = torch.stack([
        torch.where(road == 0, s, torch.where(road == 1, 0.6 * s - 0.2, torch.full_like(s, 0.7))),
        torch.where(road == 0, 0.5 * s + 0.3, torch.where(road == 1, -0.8 * s, torch.full_like(s, -0.6))),
    ], dim=1)
    return centre + 0.08 * torch.randn(n, 2, generator=gen)


def nll(cnf, x):
    z, acc_div, kinetic = cnf(x)
    logpx = standard_normal_logprob(z) + acc_div
    return -logpx.mean(), kinetic


def evaluate_grid(cnf, n):
    xs = torch.linspace(-1.2, 1.2, n)
    grid = torch.cartesian_prod(xs, xs)
    cnf.estimator = "exact"
    with torch.no_grad():
        z, acc_div, _ = cnf(grid)
        logp = standard_normal_logprob(z) + acc_div
    cnf.estimator = CONFIG["estimator"]
    return logp.exp().mean().item() * (2.4 ** 2)


def main():
    gen = torch.Generator().manual_seed(19)
    field = IgnitionField(CONFIG["field_spec"])
    cnf = CNF(field, CONFIG["T"], CONFIG["rk4_steps"], CONFIG["estimator"])
    opt = torch.optim.Adam(cnf.parameters(), lr=CONFIG["lr"])
    for it in range(CONFIG["iters"]):
        x = ignition_points(CONFIG["batch"], gen)
        loss, kinetic = nll(cnf, x)
        total = loss + CONFIG["kinetic_weight"] * kinetic
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"iter {it} nll {loss.item():.3f} kinetic {kinetic.item():.3f}")
    print("grid mass", round(evaluate_grid(cnf, CONFIG["eval_grid"]), 3))


if __name__ == "__main__":
    main()
