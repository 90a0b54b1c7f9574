import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { deleteFile } from "../lib/delete-file";

/**
 * Deletes one attachment, then refetches the record that listed it (`owner`: its query key). Other
 * open screens hear the owner's event and refetch on their own.
 */
export function useDeleteFile(owner: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => client.invalidateQueries({ queryKey: owner }),
  });
}
