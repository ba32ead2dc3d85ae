"""IOC objectives: KKT stationarity of the demonstrations and a damped Newton step from a nominal plan."""
import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, hessian, vmap


def cost_fn_of(model):
    def cost(params, u, ctx):
        return functional_call(model, params, (u, ctx))
    return cost


def make_objective(model, w, damping):
    cost = cost_fn_of(model)
    grad_u = vmap(grad(cost, argnums=1), in_dims=(None, 0, 0))
    hess_u = vmap(hessian(cost, argnums=1), in_dims=(None, 0, 0))
    cost_b = vmap(cost, in_dims=(None, 0, 0))

    def newton_from(params, u0, ctx):
        g, h = grad_u(params, u0, ctx), hess_u(params, u0, ctx)
        eye = torch.eye(u0.shape[-1]).expand_as(h)
        return u0 - torch.linalg.solve(h + damping * eye, g.unsqueeze(-1)).squeeze(-1)

    def objective(params, demo_u, ctx, alt_u):
        terms = {
            "stationarity": grad_u(params, demo_u, ctx).pow(2).sum(-1).mean(),
            "newton": F.smooth_l1_loss(newton_from(params, torch.zeros_like(demo_u), ctx), demo_u),
            "margin": F.relu(w["margin_value"] + cost_b(params, demo_u, ctx) - cost_b(params, alt_u, ctx)).mean(),
        }
        return sum(w[k] * v for k, v in terms.items()), terms

    return objective
