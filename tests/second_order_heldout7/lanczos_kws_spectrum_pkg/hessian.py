"""Loss-landscape spectrum in the style of PyHessian: Hessian-vector products w.r.t. the weights,
power iteration for the top eigenvalue and stochastic Lanczos quadrature for the eigenvalue density."""
import torch


def _unwrap(model):
    return model.module if hasattr(model, "module") else model


def _dot(xs, ys):
    return sum((x * y).sum() for x, y in zip(xs, ys))


def _normalize(vs):
    n = torch.sqrt(_dot(vs, vs))
    return [v / (n + 1e-6) for v in vs]


class LossHessian:
    def __init__(self, model, criterion, batch):
        self.net = _unwrap(model)
        self.params = [p for p in self.net.parameters() if p.requires_grad]
        inputs, targets = batch
        self.net.eval()
        loss = criterion(self.net(inputs), targets)
        self.grads = torch.autograd.grad(loss, self.params, create_graph=True)

    def hvp(self, vs):
        return torch.autograd.grad(self.grads, self.params, grad_outputs=vs, retain_graph=True)

    def top_eigenvalue(self, iters=50, tol=1e-3):
        v = _normalize([torch.randn_like(p) for p in self.params])
        eig = None
        for _ in range(iters):
            hv = self.hvp(v)
            new = _dot(hv, v).item()
            v = _normalize([h.detach() for h in hv])
            if eig is not None and abs(new - eig) / (abs(eig) + 1e-6) < tol:
                return new
            eig = new
        return eig

    def lanczos_density(self, n_v=1, m=30):
        spectra = []
        for _ in range(n_v):
            v = _normalize([torch.randint_like(p, 2) * 2 - 1 for p in self.params])
            alphas, betas, v_prev, beta = [], [], None, 0.0
            for j in range(m):
                w = [h.detach() for h in self.hvp(v)]
                alpha = _dot(w, v).item()
                alphas.append(alpha)
                w = [wi - alpha * vi - (beta * vp if v_prev is not None else 0) for wi, vi, vp in
                     zip(w, v, v_prev or v)]
                beta = torch.sqrt(_dot(w, w)).item()
                if j < m - 1:
                    betas.append(beta)
                v_prev, v = v, [wi / (beta + 1e-6) for wi in w]
            T = torch.diag(torch.tensor(alphas)) + torch.diag(torch.tensor(betas), 1) + torch.diag(torch.tensor(betas), -1)
            evals, evecs = torch.linalg.eigh(T)
            spectra.append((evals, evecs[0] ** 2))
        return spectra
