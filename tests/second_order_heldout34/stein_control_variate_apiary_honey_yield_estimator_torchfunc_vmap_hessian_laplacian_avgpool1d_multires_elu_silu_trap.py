"""Stein control variate (Oates et al.) for a honey-yield Monte Carlo estimate: the Langevin-Stein operator
applied to a neural g needs the Laplacian of g, taken with torch.func.hessian under vmap."""
import torch
import torch.nn as nn
from torch.func import functional_call, grad, hessian, vmap

D = 4


class MultiResG(nn.Module):
    def __init__(self):
        super().__init__()
        self.coarse = nn.AvgPool1d(2)
        self.body = nn.Sequential(nn.Linear(D + D // 2, 16), nn.SiLU(), nn.Linear(16, 8), nn.ELU(), nn.Linear(8, 1))

    def forward(self, x):
        xc = self.coarse(x.view(1, 1, D)).view(D // 2)
        return self.body(torch.cat([x, xc])).squeeze()


def grad_log_p(x):
    # yield model: Gaussian with anisotropic precision
    return -x * torch.tensor([1.0, 0.5, 2.0, 1.0])


def make_stein_operator(model):
    def g(params, x):
        return functional_call(model, params, (x,))

    def stein(params, x):
        lap = torch.diagonal(hessian(g, argnums=1)(params, x)).sum()
        dg = grad(g, argnums=1)(params, x)
        return lap + (dg * grad_log_p(x)).sum()

    return vmap(stein, in_dims=(None, 0))


def integrand(x):
    return torch.exp(0.3 * x[:, 0]) + x[:, 1] ** 2


def main():
    torch.manual_seed(0)
    model = MultiResG()
    params = {k: v.detach().requires_grad_(True) for k, v in model.named_parameters()}
    c = torch.zeros(1, requires_grad=True)
    opt = torch.optim.Adam(list(params.values()) + [c], lr=5e-3)
    stein_op = make_stein_operator(model)
    scale = torch.tensor([1.0, 0.5, 2.0, 1.0]).rsqrt()
    for step in range(3):
        x = torch.randn(32, D) * scale
        f_cv = integrand(x) - stein_op(params, x) - c
        loss = f_cv.pow(2).mean()  # c absorbs the mean, so this is the CV variance
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item(), f_cv.mean().item())


if __name__ == "__main__":
    main()
