"""Learning to learn by gradient descent by gradient descent (Andrychowicz et al. 2016): a coordinatewise
two-layer LSTM proposes the updates of a quadratic optimizee. As in the paper, the optimizee gradients fed to
the LSTM are treated as constants (no second derivatives); meta-training backpropagates the summed optimizee
losses through the unrolled updates only."""
import torch
import torch.nn as nn


class QuadraticOptimizee:
    def __init__(self, dim=10, batch=128):
        self.W = torch.randn(batch, dim, dim)
        self.y = torch.randn(batch, dim)

    def loss(self, theta):
        return ((torch.einsum("bij,bj->bi", self.W, theta) - self.y) ** 2).sum(1).mean()


class LSTMOptimizer(nn.Module):
    def __init__(self, hidden=20, preproc_p=10.0):
        super().__init__()
        self.cell1 = nn.LSTMCell(2, hidden)
        self.cell2 = nn.LSTMCell(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.p = preproc_p

    def preprocess(self, g):
        g = g.unsqueeze(-1)
        big = (g.abs() >= torch.exp(torch.tensor(-self.p))).float()
        log_part = big * torch.log(g.abs() + 1e-8) / self.p - (1 - big)
        sign_part = big * torch.sign(g) + (1 - big) * torch.exp(torch.tensor(self.p)) * g
        return torch.cat([log_part, sign_part], -1)

    def forward(self, grad, state):
        (h1, c1), (h2, c2) = state
        h1, c1 = self.cell1(self.preprocess(grad), (h1, c1))
        h2, c2 = self.cell2(h1, (h2, c2))
        return 0.1 * self.out(h2).squeeze(-1), ((h1, c1), (h2, c2))


def meta_train_step(opt_net, meta_opt, unroll=20, dim=10, hidden=20):
    task = QuadraticOptimizee(dim)
    theta = torch.zeros(task.y.shape, requires_grad=True)
    zeros = lambda: torch.zeros(theta.numel(), hidden)
    state = ((zeros(), zeros()), (zeros(), zeros()))
    total = 0.0
    for _ in range(unroll):
        loss = task.loss(theta)
        total = total + loss
        (g,) = torch.autograd.grad(loss, theta, retain_graph=True)
        update, state = opt_net(g.detach().reshape(-1), state)
        theta = theta + update.view_as(theta)
    meta_opt.zero_grad()
    total.backward()
    meta_opt.step()
    return total.item() / unroll


if __name__ == "__main__":
    net = LSTMOptimizer()
    mopt = torch.optim.Adam(net.parameters(), lr=1e-3)
    print(meta_train_step(net, mopt, unroll=3))
