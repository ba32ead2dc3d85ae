"""Deep-kernel Gaussian-process regression for battery state-of-health: a small feature
extractor feeds an RBF kernel; the exact negative log marginal likelihood (Cholesky based)
is minimised with Adam, and predictions are made under torch.no_grad()."""
import math

import torch
import torch.nn as nn


class FeatureExtractor(nn.Sequential):
    def __init__(self, d_in=8, d_out=2):
        super().__init__(nn.Linear(d_in, 16), nn.ReLU6(), nn.Linear(16, d_out))


class DeepKernelGP(nn.Module):
    def __init__(self, d_in=8):
        super().__init__()
        self.phi = FeatureExtractor(d_in)
        self.log_ls = nn.Parameter(torch.zeros(()))
        self.log_sf = nn.Parameter(torch.zeros(()))
        self.log_sn = nn.Parameter(torch.tensor(-2.0))

    def kernel(self, a, b):
        za, zb = self.phi(a) / self.log_ls.exp(), self.phi(b) / self.log_ls.exp()
        d2 = (za.unsqueeze(1) - zb.unsqueeze(0)).pow(2).sum(-1)
        return self.log_sf.exp() ** 2 * torch.exp(-0.5 * d2)

    def nll(self, x, y):
        n = x.size(0)
        K = self.kernel(x, x) + (self.log_sn.exp() ** 2 + 1e-5) * torch.eye(n)
        L = torch.linalg.cholesky(K)
        alpha = torch.cholesky_solve(y.unsqueeze(-1), L)
        return 0.5 * (y @ alpha.squeeze(-1)) + torch.log(torch.diagonal(L)).sum() + 0.5 * n * math.log(2 * math.pi)

    @torch.no_grad()
    def predict(self, x, y, xs):
        K = self.kernel(x, x) + (self.log_sn.exp() ** 2 + 1e-5) * torch.eye(x.size(0))
        L = torch.linalg.cholesky(K)
        alpha = torch.cholesky_solve(y.unsqueeze(-1), L)
        Ks = self.kernel(xs, x)
        mean = (Ks @ alpha).squeeze(-1)
        v = torch.linalg.solve_triangular(L, Ks.T, upper=False)
        var = self.log_sf.exp() ** 2 - v.pow(2).sum(0)
        return mean, var


if __name__ == "__main__":
    x, y = torch.randn(32, 8), torch.randn(32)
    gp = DeepKernelGP()
    opt = torch.optim.Adam(gp.parameters(), lr=1e-2)
    for it in range(3):
        opt.zero_grad()
        loss = gp.nll(x, y)
        loss.backward()
        opt.step()
    mu, var = gp.predict(x, y, torch.randn(4, 8))
    print(loss.item(), mu, var)
