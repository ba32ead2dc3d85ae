"""Meta-SGD (Li et al., 2017) for few-shot classification of knock-test recordings of glass bottles
(crack / chip / sound). Every weight tensor has its own learned step size (an nn.ParameterList);
the inner update uses gradients with create_graph=True so the query loss trains both the
initial weights and the step sizes.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_WAY, K_SHOT, Q_QUERY, LEN = 3, 2, 3, 32


class KnockNet(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.weights = nn.ParameterList([
            nn.Parameter(torch.randn(ch, 1, 5) * 0.2), nn.Parameter(torch.zeros(ch)),
            nn.Parameter(torch.randn(ch, ch, 3) * 0.2), nn.Parameter(torch.zeros(ch)),
            nn.Parameter(torch.randn(N_WAY, ch * LEN // 4) * 0.1), nn.Parameter(torch.zeros(N_WAY)),
        ])
        self.step_sizes = nn.ParameterList([nn.Parameter(torch.full_like(w, 0.05)) for w in self.weights])

    @staticmethod
    def functional(x, w):
        h = F.conv1d(x, w[0], w[1], padding=2).relu()
        h = F.avg_pool1d(h, 2)
        h = torch.tanh(F.conv1d(h, w[2], w[3], padding=1))
        h = F.avg_pool1d(h, 2)
        return F.linear(h.flatten(1), w[4], w[5])

    def adapt(self, xs, ys):
        w = list(self.weights)
        loss = F.cross_entropy(self.functional(xs, w), ys)
        grads = torch.autograd.grad(loss, w, create_graph=True)
        return [p - a * g for p, a, g in zip(w, self.step_sizes, grads)]


def sample_task():
    freqs = torch.rand(N_WAY) * 4 + 1
    t = torch.linspace(0, 1, LEN)

    def draw(n):
        y = torch.arange(N_WAY).repeat_interleave(n)
        x = torch.sin(2 * torch.pi * freqs[y, None] * t) * torch.exp(-3 * t) + 0.1 * torch.randn(len(y), LEN)
        return x.unsqueeze(1), y

    return draw(K_SHOT), draw(Q_QUERY)


def main():
    torch.manual_seed(0)
    net = KnockNet()
    meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(3):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(2):
            (xs, ys), (xq, yq) = sample_task()
            fast = net.adapt(xs, ys)
            q_loss = F.cross_entropy(net.functional(xq, fast), yq)
            q_loss.backward()
            total += q_loss.item()
        meta_opt.step()
        print(f"meta-iter {it} query loss {total / 2:.3f}")


if __name__ == "__main__":
    main()
