"""Meta Pseudo Labels with the exact teacher gradient (student step differentiated with create_graph)."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def soft_cross_entropy(logits, soft_targets):
    return -(soft_targets * F.log_softmax(logits, dim=1)).sum(dim=1).mean()


class MetaPseudoLabels:
    def __init__(self, teacher, student, cfg):
        self.teacher, self.student, self.cfg = teacher, student, cfg
        self.t_opt = torch.optim.Adam(teacher.parameters(), lr=cfg.teacher_lr)

    def uda_loss(self, x_u, x_u_strong):
        with torch.no_grad():
            target = F.softmax(self.teacher(x_u) / self.cfg.temperature, dim=1)
        return F.kl_div(F.log_softmax(self.teacher(x_u_strong), dim=1), target, reduction="batchmean")

    def step(self, x_l, y_l, x_u, x_u_strong):
        cfg = self.cfg
        params = dict(self.student.named_parameters())
        pseudo = F.softmax(self.teacher(x_u_strong) / cfg.temperature, dim=1)
        s_loss = soft_cross_entropy(functional_call(self.student, params, (x_u_strong,)), pseudo)
        grads = torch.autograd.grad(s_loss, list(params.values()), create_graph=True)
        new_params = {k: p - cfg.student_lr * g for (k, p), g in zip(params.items(), grads)}
        s_after = F.cross_entropy(functional_call(self.student, new_params, (x_l,)), y_l)

        t_sup = F.cross_entropy(self.teacher(x_l), y_l)
        t_loss = t_sup + cfg.uda_weight * self.uda_loss(x_u, x_u_strong) + s_after
        self.t_opt.zero_grad()
        t_loss.backward()
        self.t_opt.step()

        # the student keeps the step it just took
        self.student.load_state_dict({k: v.detach() for k, v in new_params.items()}, strict=False)
        return {"student_unl": s_loss.item(), "student_lab_after": s_after.item(), "teacher_sup": t_sup.item()}
