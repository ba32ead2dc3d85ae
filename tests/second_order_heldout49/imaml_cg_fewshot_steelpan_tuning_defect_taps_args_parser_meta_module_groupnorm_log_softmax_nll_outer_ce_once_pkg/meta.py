"""Implicit MAML as a LightningModule-style class: training_step returns the implicit meta-gradient."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def conjugate_gradient(Av, b, steps, tol=1e-10):
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = sum((t * t).sum() for t in r)
    for _ in range(steps):
        Ap = Av(p)
        pAp = sum((pi * api).sum() for pi, api in zip(p, Ap))
        if pAp <= tol:  # lost positive curvature: keep the current iterate
            break
        alpha = rs / pAp
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * api for ri, api in zip(r, Ap)]
        rs_new = sum((t * t).sum() for t in r)
        if rs_new < tol:
            break
        p = [ri + (rs_new / rs) * pi for ri, pi in zip(r, p)]
        rs = rs_new
    return x


class IMAMLModule(nn.Module):
    def __init__(self, net, args):
        super().__init__()
        self.net = net
        self.args = args

    def configure_optimizers(self):
        return torch.optim.Adam(self.net.parameters(), lr=self.args.meta_lr)

    def inner_loss(self, params, prior, x, y):
        logits = functional_call(self.net, params, (x,))
        logp = F.log_softmax(logits, dim=-1)
        nll = F.nll_loss(logp, y)
        prox = sum(((params[k] - prior[k]) ** 2).sum() for k in params)
        return nll + 0.5 * self.args.lam * prox

    def adapt(self, x, y):
        prior = {k: v.detach() for k, v in self.net.named_parameters()}
        phi = {k: v.clone().requires_grad_(True) for k, v in prior.items()}
        for _ in range(self.args.inner_steps):
            grads = torch.autograd.grad(self.inner_loss(phi, prior, x, y), list(phi.values()))
            phi = {k: (v - self.args.inner_lr * g).detach().requires_grad_(True)
                   for (k, v), g in zip(phi.items(), grads)}
        return phi, prior

    def implicit_grad(self, phi, prior, xs, ys, g_outer):
        inner = self.inner_loss(phi, prior, xs, ys)
        grads = torch.autograd.grad(inner, list(phi.values()), create_graph=True)

        def Av(vec):  # (I + H_nll / lam) v  ==  H_inner v / lam
            hv = torch.autograd.grad(grads, list(phi.values()), grad_outputs=vec, retain_graph=True)
            return [h / self.args.lam for h in hv]

        return conjugate_gradient(Av, g_outer, self.args.cg_steps)

    def training_step(self, batch, batch_idx):
        meta_grads = [torch.zeros_like(p) for p in self.net.parameters()]
        query_losses, accs = [], []
        for xs, ys, xq, yq in batch:
            phi, prior = self.adapt(xs, ys)
            logits_q = functional_call(self.net, phi, (xq,))
            outer = F.cross_entropy(logits_q, yq)
            g_outer = torch.autograd.grad(outer, list(phi.values()))
            for mg, g in zip(meta_grads, self.implicit_grad(phi, prior, xs, ys, g_outer)):
                mg.add_(g / len(batch))
            query_losses.append(outer.item())
            accs.append((logits_q.argmax(-1) == yq).float().mean().item())
        return meta_grads, {"query_ce": sum(query_losses) / len(batch), "query_acc": sum(accs) / len(batch)}
