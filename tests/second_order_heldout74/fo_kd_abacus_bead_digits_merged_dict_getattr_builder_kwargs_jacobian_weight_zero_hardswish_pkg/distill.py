import torch
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, target, T, alpha):
    soft = F.kl_div(F.log_softmax(student_logits / T, dim=-1), F.softmax(teacher_logits / T, dim=-1),
                    reduction="batchmean") * T * T
    hard = F.cross_entropy(student_logits, target)
    return alpha * soft + (1 - alpha) * hard


def jacobian_matching(student, teacher, x, target):
    """Srinivas & Fleuret 2018: match input gradients of the true-class logit (needs double backprop)."""
    x = x.clone().requires_grad_(True)
    s = student(x).gather(1, target[:, None]).sum()
    t = teacher(x).gather(1, target[:, None]).sum()
    gs, = torch.autograd.grad(s, x, create_graph=True)
    gt, = torch.autograd.grad(t, x)
    return (F.normalize(gs.flatten(1), dim=1) - F.normalize(gt.flatten(1), dim=1)).pow(2).sum(1).mean()


def saliency_agreement(student, teacher, x):
    """Logged only: cosine between student and teacher input gradients, no graph kept."""
    x = x.clone().requires_grad_(True)
    gs, = torch.autograd.grad(student(x).logsumexp(-1).sum(), x)
    gt, = torch.autograd.grad(teacher(x).logsumexp(-1).sum(), x)
    return F.cosine_similarity(gs.flatten(1), gt.flatten(1)).mean().item()
