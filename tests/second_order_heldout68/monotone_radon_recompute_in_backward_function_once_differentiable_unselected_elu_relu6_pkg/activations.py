"""Memory-saving ELU variants: neither keeps the activation graph alive between forward and backward."""
import torch
import torch.nn.functional as F
from torch.autograd.function import once_differentiable


class RecomputedELU(torch.autograd.Function):
    """Forward runs without a graph; backward recomputes the ELU and differentiates it.

    When the outer backward builds a graph (create_graph=True), the recomputation is differentiated with
    create_graph as well, so gradients of gradients stay correct.
    """

    @staticmethod
    def forward(ctx, x, alpha):
        ctx.save_for_backward(x)
        ctx.alpha = alpha
        return F.elu(x, alpha)

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        create_graph = torch.is_grad_enabled()
        with torch.enable_grad():
            x_ = x if create_graph else x.detach().requires_grad_(True)
            y = F.elu(x_, ctx.alpha)
            grad_in, = torch.autograd.grad(y, x_, grad_out, create_graph=create_graph)
        return grad_in, None


class FusedELU(torch.autograd.Function):
    """Closed-form derivative from the saved output; not differentiable twice."""

    @staticmethod
    def forward(ctx, x, alpha):
        y = F.elu(x, alpha)
        ctx.save_for_backward(x, y)
        ctx.alpha = alpha
        return y

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        x, y = ctx.saved_tensors
        return grad_out * torch.where(x > 0, torch.ones_like(x), y + ctx.alpha), None


ELU_IMPLS = {"recompute": RecomputedELU, "fused": FusedELU}


def elu(x, alpha=1.0, impl="recompute"):
    return ELU_IMPLS[impl].apply(x, alpha)
