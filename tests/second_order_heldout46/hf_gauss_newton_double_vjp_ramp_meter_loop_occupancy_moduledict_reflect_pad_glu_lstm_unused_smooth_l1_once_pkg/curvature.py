"""Hessian-free optimisation with Gauss-Newton-vector products (no K-FAC, no explicit Jacobian).

J v is obtained with the double-vjp trick: g(u) = J^T u is built with create_graph=True for a dummy cotangent u,
and J v = d<g(u), v>/du. The loss Hessian w.r.t. the outputs is the closed-form Huber curvature."""
import torch
import torch.nn.functional as F


def huber_output_curvature(pred, target, beta):
    # second derivative of smooth-L1 (mean reduction) w.r.t. the prediction: 1/beta inside the quadratic zone
    return ((pred - target).abs() < beta).float() / (beta * pred.numel())


class GaussNewtonHF:
    def __init__(self, model, cg_iters, damping, beta):
        self.model, self.cg_iters, self.damping, self.beta = model, cg_iters, damping, beta
        self.params = [p for p in model.parameters() if p.requires_grad]

    def ggn_vp(self, out, u, Jt_u, curv, vec):
        Jv = torch.autograd.grad(Jt_u, u, grad_outputs=vec, retain_graph=True)[0]
        Gv = torch.autograd.grad(out, self.params, grad_outputs=curv * Jv, retain_graph=True)
        return [g + self.damping * v for g, v in zip(Gv, vec)]

    def cg(self, Avp, b):
        x = [torch.zeros_like(t) for t in b]
        r = [t.clone() for t in b]
        p = [t.clone() for t in b]
        rr = sum((t * t).sum() for t in r)
        for _ in range(self.cg_iters):
            Ap = Avp(p)
            alpha = rr / (sum((a * q).sum() for a, q in zip(Ap, p)) + 1e-12)
            x = [xi + alpha * pi for xi, pi in zip(x, p)]
            r = [ri - alpha * ai for ri, ai in zip(r, Ap)]
            rr_new = sum((t * t).sum() for t in r)
            p = [ri + (rr_new / rr) * pi for ri, pi in zip(r, p)]
            rr = rr_new
        return x

    def step(self, x, y):
        out = self.model(x)
        loss = F.smooth_l1_loss(out, y, beta=self.beta)
        grads = torch.autograd.grad(loss, self.params, retain_graph=True)
        u = torch.zeros_like(out, requires_grad=True)
        Jt_u = torch.autograd.grad(out, self.params, grad_outputs=u, create_graph=True)
        curv = huber_output_curvature(out.detach(), y, self.beta)
        delta = self.cg(lambda v: self.ggn_vp(out, u, Jt_u, curv, v), [-g for g in grads])
        pred_red = -sum((g * d).sum() for g, d in zip(grads, delta)) / 2
        with torch.no_grad():
            for p, d in zip(self.params, delta):
                p.add_(d)
            new_loss = F.smooth_l1_loss(self.model(x), y, beta=self.beta)
            rho = (loss - new_loss) / (pred_red + 1e-12)
            if rho < 0.25:
                self.damping *= 1.5
            elif rho > 0.75:
                self.damping /= 1.5
            if new_loss > loss:
                for p, d in zip(self.params, delta):
                    p.sub_(d)
        return loss.item(), new_loss.item(), rho.item()
