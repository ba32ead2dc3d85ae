"""Generate head / sensitivity pairs with a finite-difference Darcy solver and train the DINO surrogate."""
import torch

from config import CFG
from losses import dino_loss
from operators import build


def sample_fields(n, grid, prior, gen):
    x = torch.linspace(0, grid["length"], grid["n"])
    cov = prior["std"] ** 2 * torch.exp(-((x[:, None] - x[None, :]) ** 2) / (2 * prior["corr_len"] ** 2))
    L = torch.linalg.cholesky(cov + 1e-4 * torch.eye(grid["n"]))
    return prior["mean"] + torch.randn(n, grid["n"], generator=gen) @ L.T


def darcy_heads(m, grid):
    """-(exp(m) h')' = f on a cell-centred grid with Dirichlet heads; returns h at the nodes (B, n)."""
    n, dx = grid["n"], grid["length"] / (grid["n"] - 1)
    k = torch.exp(m)
    kf = 2 * k[:, 1:] * k[:, :-1] / (k[:, 1:] + k[:, :-1])
    A = torch.zeros(m.shape[0], n, n)
    i = torch.arange(1, n - 1)
    A[:, i, i - 1] = -kf[:, :-1] / dx ** 2
    A[:, i, i + 1] = -kf[:, 1:] / dx ** 2
    A[:, i, i] = (kf[:, :-1] + kf[:, 1:]) / dx ** 2
    A[:, 0, 0] = 1.0
    A[:, -1, -1] = 1.0
    rhs = torch.full((m.shape[0], n), grid["recharge"])
    rhs[:, 0], rhs[:, -1] = grid["head_left"], grid["head_right"]
    return torch.linalg.solve(A, rhs.unsqueeze(-1)).squeeze(-1)


def make_dataset(cfg):
    gen = torch.Generator().manual_seed(cfg["data"]["seed"])
    grid = cfg["grid"]
    m = sample_fields(cfg["data"]["n_fields"], grid, cfg["prior"], gen)
    wells = torch.sort(torch.rand(cfg["data"]["n_wells"], generator=gen) * 0.9 + 0.05).values
    idx = (wells * (grid["n"] - 1)).round().long()
    y = wells.unsqueeze(-1)
    m_req = m.clone().requires_grad_(True)
    h = darcy_heads(m_req, grid)[:, idx]
    w = torch.randn(len(m), cfg["data"]["n_adjoint_dirs"], len(idx), generator=gen)
    jtws = []
    for j in range(w.shape[1]):
        jtws.append(torch.autograd.grad((h * w[:, j]).sum(), m_req, retain_graph=True)[0])
    return m, y, h.detach(), w, torch.stack(jtws, 1)


def main(cfg=CFG):
    torch.manual_seed(0)
    m, y, h, w, jtw = make_dataset(cfg)
    model = build(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    for epoch in range(cfg["train"]["epochs"]):
        for b in torch.randperm(len(m)).split(cfg["train"]["batch"]):
            j = torch.randint(0, w.shape[1], (1,)).item()
            loss, data, jac = dino_loss(model, m[b], y, h[b], w[b, j], jtw[b, j], cfg["loss"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.4e} head-mse {data.item():.3e} rel-jac {jac.item():.3e}")
    with torch.no_grad():
        rel = ((model(m, y) - h).norm() / h.norm()).item()
    print(f"relative head error (train fields) {rel:.3f}")


if __name__ == "__main__":
    main()
