"""Newton step for multinomial logistic regression using torch.autograd.functional.hessian."""
import torch
import torch.nn.functional as F
from torch.autograd.functional import hessian


def nll(weights, X, y, n_classes):
    W = weights.view(X.shape[1], n_classes)
    logp = F.log_softmax(X @ W, dim=1)
    onehot = torch.zeros(X.shape[0], n_classes).scatter_(1, y.unsqueeze(1), 1.0)
    return -(logp * onehot).sum(dim=1).mean() + 1e-3 * (W ** 2).sum()


def newton_fit(X, y, n_classes=3, iters=10, damping=1e-4):
    w = torch.zeros(X.shape[1] * n_classes)
    for _ in range(iters):
        w = w.detach().requires_grad_(True)
        loss = nll(w, X, y, n_classes)
        (g,) = torch.autograd.grad(loss, w)
        H = hessian(lambda v: nll(v, X, y, n_classes), w.detach())
        step = torch.linalg.solve(H + damping * torch.eye(H.shape[0]), g)
        w = w.detach() - step
    return w


if __name__ == "__main__":
    X = torch.randn(300, 5)
    y = torch.randint(0, 3, (300,))
    print(newton_fit(X, y))
