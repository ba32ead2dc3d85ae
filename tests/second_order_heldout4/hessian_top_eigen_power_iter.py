"""Track the top Hessian eigenvalue of a bag-of-embeddings text classifier by power iteration on
Hessian-vector products (PyHessian-style), and cap the learning rate at 2 / lambda_max."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BagClassifier(nn.Module):
    def __init__(self, vocab=5000, dim=64, n_cls=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, n_cls)

    def forward(self, tokens):
        h = self.emb(tokens).mean(dim=1)
        return self.fc2(torch.tanh(self.fc1(h)))


def nll(model, tokens, labels):
    return F.nll_loss(torch.log_softmax(model(tokens), dim=-1), labels)


def top_eigenvalue(model, tokens, labels, iters=20, tol=1e-3):
    params = [p for p in model.parameters() if p.requires_grad]
    loss = nll(model, tokens, labels)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    flat_grad = torch.cat([g.reshape(-1) for g in grads])
    v = torch.randn_like(flat_grad)
    v /= v.norm()
    eig = None
    for _ in range(iters):
        hv = torch.autograd.grad(flat_grad @ v, params, retain_graph=True)
        hv = torch.cat([h.reshape(-1) for h in hv])
        new_eig = torch.dot(hv, v).item()
        v = hv / (hv.norm() + 1e-12)
        if eig is not None and abs(new_eig - eig) / (abs(eig) + 1e-12) < tol:
            return new_eig
        eig = new_eig
    return eig


def train(loader, epochs=3, lr=0.5, check_every=100):
    model = BagClassifier()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    step = 0
    for _ in range(epochs):
        for tokens, labels in loader:
            if step % check_every == 0:
                lam = top_eigenvalue(model, tokens, labels)
                for group in opt.param_groups:
                    group["lr"] = min(lr, 1.9 / max(lam, 1e-8))
            loss = nll(model, tokens, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
