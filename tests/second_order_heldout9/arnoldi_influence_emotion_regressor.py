"""Influence of training clips on a speech-emotion (arousal/valence) regressor, with the
Arnoldi-iteration approximation of the Hessian's top eigenspace (Schioppa et al., 2022).
Each Arnoldi step is a Hessian-vector product of the training loss w.r.t. all weights."""
import torch
import torch.nn as nn


class ProsodyNet(nn.Module):
    def __init__(self, n_feats=10, c=12):
        super().__init__()
        self.conv1 = nn.Conv1d(n_feats, c, 3, padding=1)
        self.pool1 = nn.LPPool1d(2, kernel_size=2)
        self.conv2 = nn.Conv1d(c, c, 3, padding=1)
        self.head = nn.Linear(c, 2)

    def forward(self, x):
        h = self.pool1(torch.tanh(self.conv1(x)))
        h = torch.tanh(self.conv2(h)).mean(dim=-1)
        return self.head(h)


def flat(ts):
    return torch.cat([t.reshape(-1) for t in ts])


def unflat(vec, like):
    out, i = [], 0
    for p in like:
        out.append(vec[i:i + p.numel()].view_as(p))
        i += p.numel()
    return out


class ArnoldiInfluence:
    def __init__(self, model, criterion, train_x, train_y, n_iters=4, top_k=2):
        self.model, self.criterion = model, criterion
        self.params = [p for p in model.parameters() if p.requires_grad]
        self.x, self.y = train_x, train_y
        self.n_iters, self.top_k = n_iters, top_k

    def hvp(self, v):
        loss = self.criterion(self.model(self.x), self.y)
        grads = torch.autograd.grad(loss, self.params, create_graph=True)
        hv = torch.autograd.grad(grads, self.params, grad_outputs=unflat(v, self.params))
        return flat(hv).detach()

    def fit(self):
        n = sum(p.numel() for p in self.params)
        V = [torch.randn(n)]
        V[0] = V[0] / V[0].norm()
        H = torch.zeros(self.n_iters + 1, self.n_iters)
        for j in range(self.n_iters):
            w = self.hvp(V[j])
            for i in range(j + 1):
                H[i, j] = w @ V[i]
                w = w - H[i, j] * V[i]
            H[j + 1, j] = w.norm()
            V.append(w / (H[j + 1, j] + 1e-12))
        evals, evecs = torch.linalg.eigh(H[:-1] + H[:-1].T - torch.diag(H[:-1].diagonal()))
        idx = evals.abs().argsort(descending=True)[: self.top_k]
        basis = torch.stack(V[:-1], 1) @ evecs[:, idx]
        self.evals, self.basis = evals[idx], basis
        return self

    def grad_of(self, x, y):
        loss = self.criterion(self.model(x), y)
        return flat(torch.autograd.grad(loss, self.params)).detach()

    def score(self, test_x, test_y, x, y):
        gt = self.basis.T @ self.grad_of(test_x, test_y)
        gi = self.basis.T @ self.grad_of(x, y)
        return -(gt * gi / self.evals).sum().item()


if __name__ == "__main__":
    torch.manual_seed(0)
    net = ProsodyNet()
    crit = nn.SmoothL1Loss(beta=0.5)
    xs, ys = torch.randn(16, 10, 20), torch.rand(16, 2) * 2 - 1
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    for _ in range(2):
        opt.zero_grad()
        crit(net(xs), ys).backward()
        opt.step()
    infl = ArnoldiInfluence(net, crit, xs, ys).fit()
    print([infl.score(xs[:1], ys[:1], xs[i:i + 1], ys[i:i + 1]) for i in range(3)])
