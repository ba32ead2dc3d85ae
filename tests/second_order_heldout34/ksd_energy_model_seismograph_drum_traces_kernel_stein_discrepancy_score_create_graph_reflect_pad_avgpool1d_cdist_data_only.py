"""Energy-based model of short seismograph traces trained by minimising the kernel Stein discrepancy."""
import torch
import torch.nn as nn
import torch.nn.functional as F

TRACE = 16


class TraceEnergy(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(1, 4, 3)
        self.pool = nn.AvgPool1d(2)
        self.fc = nn.Sequential(nn.Linear(4 * TRACE // 2, 16), nn.Softplus(), nn.Linear(16, 1))

    def forward(self, x):
        h = F.pad(x.unsqueeze(1), (1, 1), mode="reflect")
        h = self.pool(torch.tanh(self.conv(h)))
        return self.fc(h.flatten(1)).squeeze(-1) + 0.05 * x.pow(2).sum(-1)


def score(energy, x):
    x = x.requires_grad_(True)
    e = energy(x).sum()
    return -torch.autograd.grad(e, x, create_graph=True)[0]


def imq_stein_kernel(x, s, c=1.0, beta=-0.5):
    """U-statistic KSD with the inverse multiquadric kernel; x is data (no parameters)."""
    d = x.size(1)
    sq = torch.cdist(x, x).pow(2)
    base = c + sq
    k = base.pow(beta)
    diff = x.unsqueeze(1) - x.unsqueeze(0)
    grad_x_k = 2 * beta * base.pow(beta - 1).unsqueeze(-1) * diff
    trace_term = -2 * beta * d * base.pow(beta - 1) - 4 * beta * (beta - 1) * base.pow(beta - 2) * sq
    t1 = (s @ s.T) * k
    t2 = (s.unsqueeze(1) * -grad_x_k).sum(-1)
    t3 = (s.unsqueeze(0) * grad_x_k).sum(-1)
    u = t1 + t2 + t3 + trace_term
    n = x.size(0)
    return (u.sum() - u.diagonal().sum()) / (n * (n - 1))


def main():
    torch.manual_seed(0)
    energy = TraceEnergy()
    opt = torch.optim.Adam(energy.parameters(), lr=1e-3)
    t = torch.linspace(0, 6.28, TRACE)
    for step in range(3):
        x = torch.sin(t * (1 + torch.rand(32, 1))) * torch.rand(32, 1) + 0.1 * torch.randn(32, TRACE)
        ksd = imq_stein_kernel(x.detach(), score(energy, x.clone()))
        opt.zero_grad()
        ksd.backward()
        opt.step()
        print(step, ksd.item())


if __name__ == "__main__":
    main()
